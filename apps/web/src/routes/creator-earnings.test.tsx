import type { CreatorTransaction } from '@adreel/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, mockApi, renderApp, signedInAs } from '@/test/render-app';

let serial = 0;
function buildTransaction(overrides: Partial<CreatorTransaction> = {}): CreatorTransaction {
  serial += 1;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    campaignTitle: `Campaign ${serial}`,
    videoTitle: null,
    amountCents: 10_000,
    status: 'recorded',
    createdAt: '2026-11-02T10:00:00.000Z',
    paidAt: null,
    ...overrides,
  };
}

/** The totals as "Label value". */
function totals() {
  return screen
    .getAllByRole('term')
    .map((term) => `${term.textContent} ${term.nextElementSibling?.firstChild?.textContent}`);
}

describe('creator earnings', () => {
  it('shows total and paid out in whole dollars, and each transaction', async () => {
    mockApi({
      'GET /api/creator/earnings': jsonResponse({
        totalCents: 65_099,
        paidOutCents: 25_000,
        transactions: [
          buildTransaction({
            campaignTitle: 'Split the Bill, Not the Friendship',
            videoTitle: 'Dinner for five',
            amountCents: 40_099,
            status: 'recorded',
            createdAt: '2026-11-20T18:30:00.000Z',
          }),
          buildTransaction({
            campaignTitle: 'First Steps in the Aero Runner',
            amountCents: 25_000,
            status: 'paid',
            createdAt: '2026-11-03T09:00:00.000Z',
            paidAt: '2026-11-10T09:00:00.000Z',
          }),
        ],
      }),
    });
    renderApp('/creator/earnings', signedInAs('creator'));

    const list = await screen.findByRole('list', { name: 'Transactions' });
    expect(totals()).toEqual(['Total earnings $650', 'Paid out $250']);
    expect(screen.getByText('$400 on its way from brands')).toBeTruthy();

    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const rows = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(rows[0]).getByText('Split the Bill, Not the Friendship')).toBeTruthy();
    expect(within(rows[0]).getByText('Dinner for five')).toBeTruthy();
    expect(within(rows[0]).getByText('Nov 20, 2026')).toBeTruthy();
    expect(within(rows[0]).getByText('$400')).toBeTruthy();
    expect(within(rows[0]).getByText('Awaiting payout')).toBeTruthy();

    expect(within(rows[1]).getByText('First Steps in the Aero Runner')).toBeTruthy();
    expect(within(rows[1]).getByText('Nov 3, 2026')).toBeTruthy();
    expect(within(rows[1]).getByText(/paid Nov 10, 2026/)).toBeTruthy();
    expect(within(rows[1]).getByText('$250')).toBeTruthy();
    expect(within(rows[1]).getByText('Paid')).toBeTruthy();
    expect(screen.queryByText('Guadagna caricando la tua prima ad approvata.')).toBeNull();
  });

  it('invites a first approved ad when there is nothing yet', async () => {
    mockApi({
      'GET /api/creator/earnings': jsonResponse({
        totalCents: 0,
        paidOutCents: 0,
        transactions: [],
      }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/creator/earnings', signedInAs('creator'));
    const headline = await screen.findByText('Guadagna caricando la tua prima ad approvata.');
    // Its subtitle in the same language, and both marked Italian (issue 18).
    const subtitle = screen.getByText(
      'Quando un brand approva un video che hai fatto per la sua campagna, il compenso compare qui.',
    );
    expect(headline.closest('[lang]')?.getAttribute('lang')).toBe('it');
    expect(subtitle.closest('[lang]')?.getAttribute('lang')).toBe('it');
    expect(screen.getByRole('link', { name: 'Browse Campaigns' }).getAttribute('lang')).toBe('en');
    expect(totals()).toEqual(['Total earnings $0', 'Paid out $0']);
    expect(screen.queryByText(/on its way/)).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Browse Campaigns' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/briefs'));
  });

  it('shows placeholders while loading', async () => {
    mockApi({ 'GET /api/creator/earnings': () => new Promise<Response>(() => {}) });
    renderApp('/creator/earnings', signedInAs('creator'));
    expect(await screen.findByRole('list', { name: 'Loading transactions' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Transaction history' })).toBeTruthy();
  });

  it('says when earnings cannot be loaded, and tries again', async () => {
    let calls = 0;
    mockApi({
      'GET /api/creator/earnings': () => {
        calls += 1;
        return calls === 1
          ? errorResponse(500, 'internal', 'boom')
          : jsonResponse({ totalCents: 10_000, paidOutCents: 0, transactions: [] });
      },
    });
    const user = userEvent.setup();
    renderApp('/creator/earnings', signedInAs('creator'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error loading earnings')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('$100')).toBeTruthy();
    expect(calls).toBe(2);
  });
});
