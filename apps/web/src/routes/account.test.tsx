import type { AccountSession } from '@adreel/domain';
import { ACCOUNT_DATA_MESSAGES } from '@adreel/domain/account-data-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  errorResponse,
  jsonResponse,
  mockApi,
  renderApp,
  sentBodies,
  signedInAs,
} from '@/test/render-app';

const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const sessions: AccountSession[] = [
  {
    id: 'a1a1a1a1-1111-4111-8111-111111111111',
    userAgent: IPHONE,
    ip: '198.51.100.4',
    createdAt: new Date(Date.now() - 5 * 86_400_000).toISOString(),
    lastSeenAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    current: false,
  },
  {
    id: 'b2b2b2b2-2222-4222-8222-222222222222',
    userAgent: MAC_CHROME,
    ip: '203.0.113.7',
    createdAt: new Date(Date.now() - 86_400_000).toISOString(),
    lastSeenAt: new Date().toISOString(),
    current: true,
  },
];

describe('account', () => {
  it('shows the profile and the sessions, this device first, and ends another session', async () => {
    let list = sessions;
    mockApi({
      'GET /api/account/sessions': () => jsonResponse({ sessions: list }),
      [`DELETE /api/account/sessions/${sessions[0]?.id}`]: () => {
        list = list.filter((s) => s.current);
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderApp('/account', signedInAs('creator'));
    expect(await screen.findByRole('heading', { name: 'Maya Chen' })).toBeTruthy();
    expect(screen.getByText('@maya')).toBeTruthy();

    const card = screen.getByRole('region', { name: 'Active sessions' });
    const rows = await within(card).findAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('Chrome on macOS');
    expect(rows[0]?.textContent).toContain('This device');
    expect(rows[0]?.textContent).toContain('203.0.113.7');
    expect(
      within(rows[0] as HTMLElement).queryByRole('button', { name: 'End session' }),
    ).toBeNull();
    expect(rows[1]?.textContent).toContain('Safari on iOS');
    expect(rows[1]?.textContent).toContain('Last active 2 hours ago');

    await user.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'End session' }));
    expect(await screen.findByText('Session ended')).toBeTruthy();
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(1));
  });

  it('changes the password, and says at the field when the current one is wrong', async () => {
    let attempt = 0;
    const fetchMock = mockApi({
      'GET /api/account/sessions': jsonResponse({ sessions }),
      'POST /api/account/password': () =>
        ++attempt === 1
          ? errorResponse(400, 'invalid_password', 'Current password is incorrect')
          : new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderApp('/account', signedInAs('viewer'));
    const form = await screen.findByRole('region', { name: 'Change password' });
    await user.type(within(form).getByLabelText('Current password'), 'old-pass');
    await user.type(within(form).getByLabelText('New password'), 'new-pass-1');
    await user.type(within(form).getByLabelText('Confirm new password'), 'new-pass-2');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Passwords do not match')).toBeTruthy();

    await user.clear(within(form).getByLabelText('Confirm new password'));
    await user.type(within(form).getByLabelText('Confirm new password'), 'new-pass-1');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Current password is incorrect')).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/account/password')[1]).toEqual({
      currentPassword: 'old-pass',
      newPassword: 'new-pass-1',
    });
    expect((within(form).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('offers a retry when the sessions cannot be loaded', async () => {
    mockApi({ 'GET /api/account/sessions': errorResponse(500, 'internal', 'boom') });
    renderApp('/account', signedInAs('viewer'));
    expect(await screen.findByText("Your sessions can't be loaded right now.")).toBeTruthy();
    const card = screen.getByRole('region', { name: 'Active sessions' });
    expect(within(card).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('asks a session older than the second factor to confirm it before downloading the data', async () => {
    mockApi({
      'GET /api/account/sessions': jsonResponse({ sessions }),
      'GET /api/factors': jsonResponse({
        factors: [
          {
            id: 'c3c3c3c3-3333-4333-8333-333333333333',
            factorType: 'totp',
            friendlyName: 'Phone',
            verified: true,
            createdAt: new Date().toISOString(),
            lastUsedAt: null,
          },
        ],
      }),
      'GET /api/account/export': errorResponse(
        403,
        'aal2_required',
        ACCOUNT_DATA_MESSAGES.confirmSecondFactor,
      ),
    });
    const user = userEvent.setup();
    renderApp('/account', signedInAs('viewer'));
    const card = await screen.findByRole('region', { name: 'Your data' });
    await user.click(within(card).getByRole('button', { name: 'Download your data' }));
    expect(await screen.findByText(ACCOUNT_DATA_MESSAGES.confirmSecondFactor)).toBeTruthy();
    const notice = await within(card).findByRole('alert');
    expect(notice.textContent).toContain(
      'Sign in again with your second factor to download or delete your data.',
    );
    expect(within(notice).getByRole('button', { name: 'Confirm now' })).toBeTruthy();
  });
});
