import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '@/lib/api';
import { jsonResponse, mockApi, renderApp, signedInAs } from '@/test/render-app';

const TOTP = {
  id: '4b0f2d8e-31c1-4a52-9a59-0c61f0f4d001',
  factorType: 'totp',
  friendlyName: 'Phone',
  verified: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
};

/** An access token as the server signs it, with the claims the app reads (the signature is not). */
function tokenWith(aal: 'aal1' | 'aal2'): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'ES256' })}.${part({ sub: 'u', aal })}.signature`;
}

afterEach(() => setAccessToken(null));

describe('admin area and the second factor', () => {
  it("asks an admin whose session has not used the account's second factor to confirm it first", async () => {
    setAccessToken(tokenWith('aal1'));
    const fetchMock = mockApi({
      'GET /api/factors': jsonResponse({ factors: [TOTP] }),
      'GET /api/admin/videos?status=pending': jsonResponse({ videos: [] }),
      'GET /api/admin/videos?status=approved': jsonResponse({ videos: [] }),
    });
    renderApp('/admin', signedInAs('admin'));

    expect(await screen.findByRole('heading', { name: "Confirm it's you" })).toBeTruthy();
    expect(
      screen.getByText(/Sign in again with your second factor to use admin tools\./),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm now' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Sign in again/ })).toBeTruthy();
    // The admin screens are not shown, nor their data asked for.
    const calls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(calls.some((url) => url.includes('/api/admin/'))).toBe(false);
  });

  it('opens the admin tools to a session that passed the second factor', async () => {
    setAccessToken(tokenWith('aal2'));
    const fetchMock = mockApi({
      'GET /api/admin/videos?status=pending': jsonResponse({ videos: [] }),
      'GET /api/admin/videos?status=approved': jsonResponse({ videos: [] }),
    });
    renderApp('/admin', signedInAs('admin'));
    expect(await screen.findByRole('tab', { name: /Pending Videos/ })).toBeTruthy();
    const calls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(calls.some((url) => url.endsWith('/api/factors'))).toBe(false);
  });

  it('opens them to an admin without a second factor', async () => {
    setAccessToken(tokenWith('aal1'));
    mockApi({
      'GET /api/factors': jsonResponse({ factors: [{ ...TOTP, verified: false }] }),
      'GET /api/admin/videos?status=pending': jsonResponse({ videos: [] }),
      'GET /api/admin/videos?status=approved': jsonResponse({ videos: [] }),
    });
    renderApp('/admin', signedInAs('admin'));
    expect(await screen.findByRole('tab', { name: /Pending Videos/ })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: "Confirm it's you" })).toBeNull();
  });
});
