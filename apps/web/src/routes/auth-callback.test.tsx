import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  errorResponse,
  jsonResponse,
  mockApi,
  renderApp,
  sentBodies,
  userWith,
} from '@/test/render-app';

const PROVIDERS = { providers: [{ id: 'google', name: 'Google' }] };

afterEach(() => sessionStorage.clear());

describe('identity providers on /auth', () => {
  it('offers "Continue with …" for each configured provider', async () => {
    mockApi({ 'GET /api/auth/providers': jsonResponse(PROVIDERS) });
    renderApp('/auth');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
  });

  it('offers none when none is configured', async () => {
    const fetchMock = mockApi({ 'GET /api/auth/providers': jsonResponse({ providers: [] }) });
    renderApp('/auth');
    await screen.findByRole('button', { name: 'Sign In' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: /Continue with/ })).toBeNull();
  });
});

describe('/auth/callback', () => {
  it("exchanges the code with this tab's verifier, welcomes the user and goes where their role lives", async () => {
    sessionStorage.setItem('adreel.oidc.verifier', 'v'.repeat(43));
    const fetchMock = mockApi({
      'POST /api/auth/token': jsonResponse({
        session: {
          access_token: 'access-1',
          token_type: 'bearer',
          expires_in: 900,
          expires_at: Math.floor(Date.now() / 1000) + 900,
          user: userWith(['creator']),
        },
      }),
    });
    const { router, setSession } = renderApp('/auth/callback?code=one-time');
    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/creator/home'));
    expect(setSession).toHaveBeenCalled();
    expect(sentBodies(fetchMock, 'POST /api/auth/token')).toEqual([
      { auth_code: 'one-time', code_verifier: 'v'.repeat(43) },
    ]);
    expect(sessionStorage.getItem('adreel.oidc.verifier')).toBeNull();
  });

  it("tells the private-beta refusal in the server's words and goes to /join", async () => {
    mockApi({});
    const message = 'Adreel is in private beta. Request access at /join or use an invite code.';
    const { router } = renderApp(
      `/auth/callback?error=private_beta&error_description=${encodeURIComponent(message)}`,
    );
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/join'));
  });

  it('asks for the second factor, and offers to text a code to the phone', async () => {
    sessionStorage.setItem('adreel.oidc.verifier', 'v'.repeat(43));
    const factorId = '4f1c1f0e-8a51-4c43-9d8a-1b7f0f0a6c11';
    const fetchMock = mockApi({
      'POST /api/auth/token': jsonResponse({
        mfa: {
          ticket: 't-1',
          factors: [{ id: factorId, factorType: 'phone', friendlyName: 'Mobile' }],
        },
      }),
      'POST /api/auth/mfa/phone/challenge': jsonResponse({
        challengeId: '5f1c1f0e-8a51-4c43-9d8a-1b7f0f0a6c11',
        expires_at: new Date().toISOString(),
        message: 'We texted you a 6-digit code.',
      }),
      'POST /api/auth/mfa/verify': errorResponse(401, 'invalid_code', 'Invalid code'),
    });
    renderApp('/auth/callback?code=one-time');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Text me a code' }));
    expect(await screen.findByText('We texted you a 6-digit code.')).toBeTruthy();
    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid code')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/auth/mfa/verify')).toEqual([
      { ticket: 't-1', factorId, code: '123456' },
    ]);
  });
});
