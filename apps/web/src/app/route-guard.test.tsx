import { AUTH_TEXTS } from '@adreel/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, renderApp, signedInAs, userWith } from '@/test/render-app';

describe('route guard', () => {
  it('shows Loading while the session is being checked', async () => {
    const { router } = renderApp('/creator/home', { status: 'loading' });
    expect(await screen.findByText('Loading')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/creator/home');
  });

  it('sends a signed-out visitor to /auth', async () => {
    const { router } = renderApp('/creator/home');
    expect(await screen.findByRole('heading', { name: 'Sign in to Adreel' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('sends a signed-in user without a required role to /feed', async () => {
    mockApi({ 'GET /api/feed': jsonResponse({ videos: [], nextCursor: null }) });
    const { router } = renderApp('/creator/upload', signedInAs('viewer'));
    expect(
      await screen.findByRole('heading', { name: 'Ancora nessuna ad: torna presto!' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/feed');
  });

  it('keeps a brand out of the admin area', async () => {
    const { router } = renderApp('/admin/invites', signedInAs('brand'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
  });

  it('keeps a creator out of the brand dashboard', async () => {
    const { router } = renderApp('/brand/dashboard', signedInAs('creator'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
  });

  it('sends a creator whose address is not proven to /account, where the banner says why', async () => {
    mockApi({ 'GET /api/account/sessions': jsonResponse({ sessions: [] }) });
    const { router } = renderApp('/creator/upload', {
      status: 'signed-in',
      user: userWith(['creator'], { emailVerified: false }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    const banner = await screen.findByRole('region', { name: 'Email verification' });
    expect(banner.textContent).toContain(AUTH_TEXTS.verifyToFinish);
  });

  it('lets a creator into the creator area', async () => {
    renderApp('/creator/home', signedInAs('creator'));
    expect(await screen.findByRole('heading', { name: 'Creator Home' })).toBeTruthy();
  });

  it('lets an admin into the creator, brand and admin areas', async () => {
    renderApp('/creator/earnings', signedInAs('admin'));
    expect(await screen.findByRole('heading', { name: 'Earnings', level: 1 })).toBeTruthy();
  });

  it('lets an admin into the brand dashboard', async () => {
    renderApp('/brand/dashboard', signedInAs('admin'));
    expect(await screen.findByRole('heading', { name: 'Brand Dashboard', level: 1 })).toBeTruthy();
  });

  it('lets an admin into the whitelist', async () => {
    renderApp('/admin/whitelist', signedInAs('admin'));
    expect(await screen.findByRole('heading', { name: 'Whitelist', level: 1 })).toBeTruthy();
  });

  it('asks a signed-out visitor of /account to sign in', async () => {
    const { router } = renderApp('/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('leaves public screens open to everyone', async () => {
    const { router } = renderApp('/leaderboard/creators');
    expect(await screen.findByRole('heading', { name: 'Top Creators' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/leaderboard/creators');
  });
});
