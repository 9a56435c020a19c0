import { AUTH_TEXTS, MESSAGES, OWNERSHIP_MESSAGES, type Role } from '@adreel/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  errorResponse,
  jsonResponse,
  mockApi,
  renderApp,
  sentBodies,
  userWith,
} from '@/test/render-app';

describe('verify email (/auth/verify)', () => {
  it('verifies the token once, refreshes the session for the new role, and moves on', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/verify-email': jsonResponse({ message: 'Your email is verified.' }),
    });
    const { refresh } = renderApp('/auth/verify?token=tok-1', {
      status: 'signed-in',
      user: userWith(['creator']),
    });
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeTruthy();
    expect(refresh).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(
      '/creator/home',
    );
    expect(sentBodies(fetchMock, 'POST /api/auth/verify-email')).toEqual([{ token: 'tok-1' }]);
  });

  it("shows the server's reason when the link does not work", async () => {
    mockApi({
      'POST /api/auth/verify-email': errorResponse(400, 'invalid_token', 'This link has expired.'),
    });
    renderApp('/auth/verify?token=tok-2');
    expect(
      await screen.findByRole('heading', { name: 'We could not verify your email' }),
    ).toBeTruthy();
    expect(screen.getByText('This link has expired.')).toBeTruthy();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Sign In' }).getAttribute('href'),
    ).toBe('/auth');
  });

  it('says so when the link has no token', async () => {
    renderApp('/auth/verify');
    expect(await screen.findByRole('heading', { name: 'This link is incomplete' })).toBeTruthy();
  });
});

function sessionWith(roles: Role[]) {
  return {
    access_token: 'at',
    token_type: 'bearer' as const,
    expires_in: 900,
    expires_at: Math.floor(Date.now() / 1000) + 900,
    user: userWith(roles),
  };
}

describe('verify email that signs in (decision 022)', () => {
  it('signs in with the session the link answers and goes where the role lives', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/verify-email': jsonResponse({ session: sessionWith(['admin']) }),
    });
    const { setSession, router } = renderApp('/auth/verify?token=tok-3');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(setSession).toHaveBeenCalledWith(expect.objectContaining({ access_token: 'at' }));
    expect(await screen.findByText(MESSAGES.accountCreated)).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/auth/verify-email')).toEqual([{ token: 'tok-3' }]);
  });

  it('asks the prover to choose a password (and maybe a username) when opened in another browser', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/verify-email': ({ json }) =>
        (json as { password?: string }).password
          ? jsonResponse({ session: sessionWith(['creator']) })
          : jsonResponse({
              passwordRequired: true,
              email: 'owner@example.com',
              username: 'squatted',
              message: OWNERSHIP_MESSAGES.choosePassword,
            }),
    });
    const user = userEvent.setup();
    const { setSession, router } = renderApp('/auth/verify?token=tok-4');
    expect(await screen.findByRole('heading', { name: 'Choose a password' })).toBeTruthy();
    expect(screen.getByText('owner@example.com')).toBeTruthy();
    expect(screen.getByText(OWNERSHIP_MESSAGES.choosePassword, { exact: false })).toBeTruthy();
    const username = screen.getByLabelText('Username') as HTMLInputElement;
    expect(username.value).toBe('squatted');
    await user.clear(username);
    await user.type(username, 'rightful');
    await user.type(screen.getByLabelText('New password'), 'mine-now-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'mine-now-2');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'mine-now-1');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/creator/home'));
    expect(setSession).toHaveBeenCalled();
    expect(sentBodies(fetchMock, 'POST /api/auth/verify-email')).toEqual([
      { token: 'tok-4' },
      { token: 'tok-4', password: 'mine-now-1', username: 'rightful' },
    ]);
  });
});

describe('reset password (/auth/reset)', () => {
  it('sets the new password and offers to sign in', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/reset-password': jsonResponse({ message: 'Your password has been changed.' }),
    });
    const user = userEvent.setup();
    renderApp('/auth/reset?token=reset-1');
    await user.type(await screen.findByLabelText('New password'), 'brand-new-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeTruthy();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Sign In' }).getAttribute('href'),
    ).toBe('/auth');
    expect(sentBodies(fetchMock, 'POST /api/auth/reset-password')).toEqual([
      { token: 'reset-1', password: 'brand-new-1' },
    ]);
  });

  it('applies the password rule before calling the server', async () => {
    const fetchMock = mockApi({});
    const user = userEvent.setup();
    renderApp('/auth/reset?token=reset-1');
    await user.type(await screen.findByLabelText('New password'), '123');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('verify-email banner', () => {
  it('tells an unverified user what waits for the link, and resends it', async () => {
    const fetchMock = mockApi({
      'GET /api/account/sessions': jsonResponse({ sessions: [] }),
      'POST /api/auth/verify-email/resend': jsonResponse(
        { message: 'We sent a new link to maya@example.com.' },
        202,
      ),
    });
    const user = userEvent.setup();
    renderApp('/guidelines', {
      status: 'signed-in',
      user: userWith(['viewer'], { emailVerified: false }),
    });
    const banner = await screen.findByRole('region', { name: 'Email verification' });
    expect(banner.textContent).toBe(
      `${AUTH_TEXTS.verifyToFinish} We sent a link to maya@example.com.Resend link`,
    );
    await user.click(screen.getByRole('button', { name: 'Resend link' }));
    expect(await screen.findByText('We sent a new link to maya@example.com.')).toBeTruthy();
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/auth/verify-email/resend')).toHaveLength(1),
    );
  });

  it('is not shown to a verified user', async () => {
    renderApp('/guidelines', { status: 'signed-in', user: userWith(['creator']) });
    await screen.findByRole('heading', { name: 'Community Guidelines' });
    expect(screen.queryByRole('region', { name: 'Email verification' })).toBeNull();
  });
});
