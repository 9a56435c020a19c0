import { OWNERSHIP_MESSAGES, type Role, signInThrottledMessage } from '@adreel/domain';
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
  userWith,
} from '@/test/render-app';

/** What the form asked the server; the sign-in screen's own list of providers aside. */
function formCalls(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => !url.startsWith('/api/auth/providers'));
}

function sessionFor(roles: Role[]) {
  return {
    session: {
      access_token: 'access-1',
      token_type: 'bearer',
      expires_in: 900,
      expires_at: Math.floor(Date.now() / 1000) + 900,
      user: userWith(roles),
    },
  };
}

async function fillSignIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('sign in', () => {
  it.each([
    [['creator'] as Role[], '/creator/home'],
    [['brand'] as Role[], '/brand/dashboard'],
    [['admin', 'creator'] as Role[], '/admin'],
    [['viewer'] as Role[], '/feed'],
  ])('welcomes a %s back and takes them to %s', async (roles, home) => {
    const fetchMock = mockApi({ 'POST /api/auth/signin': jsonResponse(sessionFor(roles)) });
    const { router, setSession } = renderApp('/auth');
    await fillSignIn('  maya@example.com ', 'correct horse');

    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(home));
    expect(setSession).toHaveBeenCalledWith(
      expect.objectContaining({ access_token: 'access-1', user: userWith(roles) }),
    );
    expect(sentBodies(fetchMock, 'POST /api/auth/signin')).toEqual([
      { email: 'maya@example.com', password: 'correct horse' },
    ]);
  });

  it("shows the server's message when sign-in fails, and stays on the form", async () => {
    mockApi({
      'POST /api/auth/signin': errorResponse(
        401,
        'invalid_credentials',
        'Invalid email or password',
      ),
    });
    const { router, setSession } = renderApp('/auth');
    await fillSignIn('maya@example.com', 'wrong');
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    expect(setSession).not.toHaveBeenCalled();
  });

  it('says how long to wait when sign-in is slowed down after failures (429)', async () => {
    const message = signInThrottledMessage(120);
    expect(message).toBe('Too many sign-in attempts. Try again in 2 minutes.');
    mockApi({ 'POST /api/auth/signin': errorResponse(429, 'rate_limited', message) });
    const { router, setSession } = renderApp('/auth');
    await fillSignIn('maya@example.com', 'secret1');
    expect(await screen.findByText(message)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    expect(setSession).not.toHaveBeenCalled();
  });

  it("says 'Error signing in' when the server gives no message", async () => {
    mockApi({ 'POST /api/auth/signin': new Response('<html>oops</html>', { status: 502 }) });
    renderApp('/auth');
    await fillSignIn('maya@example.com', 'secret1');
    expect(await screen.findByText('Error signing in')).toBeTruthy();
  });

  it('checks the form before calling the server', async () => {
    const fetchMock = mockApi({});
    renderApp('/auth');
    await fillSignIn('not-an-email', 'x');
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(formCalls(fetchMock)).toEqual([]);
  });

  it('asks for the 6-digit code when the account has two-factor authentication', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/signin': jsonResponse({
        mfa: {
          ticket: 'ticket-1',
          factors: [
            { id: '4f1c1f0e-8a51-4c43-9d8a-1b7f0f0a6c11', factorType: 'totp', friendlyName: null },
          ],
        },
      }),
      'POST /api/auth/mfa/verify': jsonResponse(sessionFor(['brand'])),
    });
    const { router } = renderApp('/auth');
    const user = await fillSignIn('maya@example.com', 'secret1');

    const code = await screen.findByLabelText('6-digit code');
    await user.type(code, '12a3456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand/dashboard'));
    expect(sentBodies(fetchMock, 'POST /api/auth/mfa/verify')).toEqual([
      { ticket: 'ticket-1', factorId: '4f1c1f0e-8a51-4c43-9d8a-1b7f0f0a6c11', code: '123456' },
    ]);
  });

  it('accepts a recovery code instead of the 6-digit code', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/signin': jsonResponse({
        mfa: {
          ticket: 'ticket-1',
          factors: [
            { id: '4f1c1f0e-8a51-4c43-9d8a-1b7f0f0a6c11', factorType: 'totp', friendlyName: null },
          ],
        },
      }),
      'POST /api/auth/mfa/verify': jsonResponse(sessionFor(['viewer'])),
    });
    renderApp('/auth');
    const user = await fillSignIn('maya@example.com', 'secret1');
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcd-efgh');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/auth/mfa/verify')).toEqual([
      { ticket: 'ticket-1', recoveryCode: 'abcd-efgh' },
    ]);
  });

  it('sends a reset link from "Forgot password?" and answers neutrally', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/recover': jsonResponse(
        { message: 'If an account exists for that email, a reset link is on its way.' },
        202,
      ),
    });
    const user = userEvent.setup();
    renderApp('/auth');
    await user.type(await screen.findByLabelText('Email'), 'maya@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('maya@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText('If an account exists for that email, a reset link is on its way.'),
    ).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/auth/recover')).toEqual([
      { email: 'maya@example.com' },
    ]);
  });

  it('sends a signed-in visitor where their role lives', async () => {
    const { router } = renderApp('/auth', signedInAs('brand'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand/dashboard'));
  });
});

async function openSignUp() {
  const user = userEvent.setup();
  renderApp('/auth');
  await user.click(await screen.findByRole('tab', { name: 'Sign Up' }));
  return user;
}

async function fillSignUp(
  user: ReturnType<typeof userEvent.setup>,
  values: { username?: string; email?: string; password?: string; inviteCode?: string },
) {
  if (values.username) await user.type(screen.getByLabelText('Username'), values.username);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.inviteCode) await user.type(screen.getByLabelText('Invite code'), values.inviteCode);
}

describe('sign up', () => {
  it('upper-cases the invite code as it is typed', async () => {
    const user = await openSignUp();
    const code = screen.getByLabelText('Invite code') as HTMLInputElement;
    await user.type(code, 'ab12cd34');
    expect(code.value).toBe('AB12CD34');
    expect(screen.getByText('Optional if your email is whitelisted')).toBeTruthy();
  });

  it.each([
    [
      { username: 'ma', email: 'maya@example.com', password: 'secret1' },
      'Username must be at least 3 characters',
    ],
    [
      { username: 'maya\u200B', email: 'maya@example.com', password: 'secret1' },
      'Username cannot contain invisible or text-direction characters',
    ],
    [
      { username: '\u202Eayam', email: 'maya@example.com', password: 'secret1' },
      'Username cannot contain invisible or text-direction characters',
    ],
    [{ username: 'maya', email: 'maya@', password: 'secret1' }, 'Invalid email address'],
    [
      { username: 'maya', email: 'maya@example.com', password: '12345' },
      'Password must be at least 6 characters',
    ],
    [{ username: 'maya', email: 'maya@example.com' }, 'Password must be at least 6 characters'],
  ])('refuses %o with "%s" before calling the server', async (values, message) => {
    const fetchMock = mockApi({});
    const user = await openSignUp();
    await fillSignUp(user, values);
    await user.click(screen.getByRole('button', { name: /Create account/ }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(formCalls(fetchMock)).toEqual([]);
  });

  it('refuses an invite code longer than 50 characters', async () => {
    mockApi({});
    const user = await openSignUp();
    await fillSignUp(user, {
      username: 'maya',
      email: 'maya@example.com',
      password: 'secret1',
      inviteCode: 'X'.repeat(51),
    });
    await user.click(screen.getByRole('button', { name: /Create account/ }));
    expect(await screen.findByText('Invite code must be less than 50 characters')).toBeTruthy();
  });

  it('creates the account with the chosen role and asks the user to open the mailed link', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/signup': jsonResponse({ message: OWNERSHIP_MESSAGES.checkInbox }, 202),
    });
    const user = await openSignUp();
    await fillSignUp(user, {
      username: 'maya',
      email: 'maya@example.com',
      password: 'secret1',
      inviteCode: 'ab12cd34',
    });
    await user.click(screen.getByRole('radio', { name: /Creator/ }));
    await user.click(screen.getByRole('button', { name: /Create account/ }));
    // Decision 022: no session yet; the link signs in, so the form says where it went.
    const sent = await screen.findByRole('status');
    expect(within(sent).getByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(within(sent).getByText('maya@example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Create account/ })).toBeNull();
    // Still on /auth, signed out: only the link starts a session.
    expect(screen.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    expect(sentBodies(fetchMock, 'POST /api/auth/signup')).toEqual([
      {
        username: 'maya',
        email: 'maya@example.com',
        password: 'secret1',
        inviteCode: 'AB12CD34',
        role: 'creator',
      },
    ]);
  });

  it('explains the private beta and sends the visitor to /join', async () => {
    const message = 'Adreel is in private beta. Request access at /join or use an invite code.';
    mockApi({ 'POST /api/auth/signup': errorResponse(403, 'private_beta', message) });
    const user = await openSignUp();
    await fillSignUp(user, { username: 'maya', email: 'maya@example.com', password: 'secret1' });
    await user.click(screen.getByRole('button', { name: /Create account/ }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Request beta access' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('maya@example.com');
  });

  it('says at the field when the username is taken', async () => {
    mockApi({
      'POST /api/auth/signup': errorResponse(409, 'username_taken', 'That username is taken'),
    });
    const user = await openSignUp();
    await fillSignUp(user, { username: 'maya', email: 'maya@example.com', password: 'secret1' });
    await user.click(screen.getByRole('button', { name: /Create account/ }));
    const field = await screen.findByText('That username is taken');
    expect(screen.getByLabelText('Username').getAttribute('aria-describedby')).toContain(field.id);
  });

  it('names the handle a look-alike is too close to, at the field (issue 25 item 8)', async () => {
    const message = 'That username is too close to @maya. Please choose another.';
    const fetchMock = mockApi({
      'POST /api/auth/signup': errorResponse(409, 'username_taken', message),
    });
    const user = await openSignUp();
    // Cyrillic а: it reads as "maya".
    await fillSignUp(user, { username: 'mаya', email: 'maya@example.com', password: 'secret1' });
    await user.click(screen.getByRole('button', { name: /Create account/ }));
    const field = await screen.findByText(message);
    expect(screen.getByLabelText('Username').getAttribute('aria-describedby')).toContain(field.id);
    expect(sentBodies(fetchMock, 'POST /api/auth/signup')[0]).toMatchObject({ username: 'mаya' });
  });

  it('opens on Sign Up with the email filled in from the link', async () => {
    renderApp('/auth?tab=signup&email=new%40example.com');
    const tab = await screen.findByRole('tab', { name: 'Sign Up' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel');
    expect((within(panel).getByLabelText('Email') as HTMLInputElement).value).toBe(
      'new@example.com',
    );
    expect(within(panel).getByRole('link', { name: 'Request here' }).getAttribute('href')).toBe(
      '/join',
    );
  });
});
