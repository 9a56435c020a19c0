import type { PublicCampaign } from '@adreel/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, mockApi, renderApp, signedInAs } from '@/test/render-app';

const campaign: PublicCampaign = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Split the Bill, Not the Friendship',
  description: 'Show a group dinner where paying is the easy part.',
  tags: ['fintech', 'friends'],
  budgetTotalCents: 500_000,
  payoutPerVideoCents: 25_000,
  leftCents: 450_000,
  deadline: '2099-06-30',
  submissionCount: 7,
  brand: { id: '00000000-0000-4000-8000-0000000000b1', name: 'Splitly' },
  createdAt: '2026-11-01T10:00:00.000Z',
};

describe('campaign briefs', () => {
  it('shows each open campaign as a card with brand, status, tags, budget, deadline and submissions', async () => {
    mockApi({ 'GET /api/campaigns': jsonResponse({ campaigns: [campaign] }) });
    renderApp('/briefs');
    const card = (await screen.findByRole('heading', { name: campaign.title })).closest('li');
    if (!card) throw new Error('no card');
    const c = within(card);
    for (const text of [
      'Splitly',
      'Open',
      '#fintech',
      '#friends',
      '$5,000',
      '$250/video',
      'Jun 30, 2099',
      '7',
      campaign.description,
    ])
      expect(c.getByText(text)).toBeTruthy();
  });

  it('sends a creator to the upload with the campaign chosen', async () => {
    mockApi({ 'GET /api/campaigns': jsonResponse({ campaigns: [campaign] }) });
    const { router } = renderApp('/briefs', signedInAs('creator'));
    await userEvent.click(
      await screen.findByRole('button', { name: `Apply to Campaign: ${campaign.title}` }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/creator/upload'));
    expect(router.state.location.search).toBe(`?campaign=${campaign.id}`);
  });

  it('sends a signed-out visitor to sign in first, remembering the way back', async () => {
    mockApi({ 'GET /api/campaigns': jsonResponse({ campaigns: [campaign] }) });
    const { router } = renderApp('/briefs');
    await userEvent.click(
      await screen.findByRole('button', { name: `Apply to Campaign: ${campaign.title}` }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(router.state.location.state).toEqual({
      from: `/creator/upload?campaign=${campaign.id}`,
    });
  });

  it('tells a brand that entering needs a creator account', async () => {
    mockApi({ 'GET /api/campaigns': jsonResponse({ campaigns: [campaign] }) });
    const { router } = renderApp('/briefs', signedInAs('brand'));
    expect(await screen.findByText(/You are signed in as a brand/)).toBeTruthy();
    await userEvent.click(
      await screen.findByRole('button', { name: `Apply to Campaign: ${campaign.title}` }),
    );
    expect(router.state.location.pathname).toBe('/briefs');
    expect(
      await screen.findAllByText(/Entering a campaign needs a creator account\./),
    ).not.toHaveLength(0);
  });

  it('has an empty state and an error state with retry', async () => {
    mockApi({ 'GET /api/campaigns': jsonResponse({ campaigns: [] }) });
    renderApp('/briefs');
    expect(await screen.findByText('No open campaigns right now')).toBeTruthy();
  });

  it('says so when the campaigns cannot be loaded', async () => {
    mockApi({ 'GET /api/campaigns': errorResponse(503, 'unavailable', 'Try again later') });
    renderApp('/briefs');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeTruthy();
  });
});
