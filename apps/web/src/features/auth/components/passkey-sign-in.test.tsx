import type { Role } from '@adreel/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  errorResponse,
  jsonResponse,
  mockApi,
  renderApp,
  sentBodies,
  userWith,
} from '@/test/render-app';

const browser = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

const CHALLENGE_ID = '0c9b8a7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d';
const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' };
const ASSERTION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'YXV0aA', signature: 'c2ln' },
  clientExtensionResults: {},
};

function sessionFor(roles: Role[]) {
  return {
    session: {
      access_token: 'access-passkey',
      token_type: 'bearer',
      expires_in: 900,
      expires_at: Math.floor(Date.now() / 1000) + 900,
      user: userWith(roles),
    },
  };
}

describe('passkeys on /auth', () => {
  beforeEach(() => {
    browser.startAuthentication.mockReset();
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  });

  it.each([
    [['creator'] as Role[], '/creator/home'],
    [['admin'] as Role[], '/admin'],
    [['viewer'] as Role[], '/feed'],
  ])('signs a %s in with a passkey alone and takes them to %s', async (roles, home) => {
    const fetchMock = mockApi({
      'POST /api/auth/passkey/options': jsonResponse({
        challengeId: CHALLENGE_ID,
        options: OPTIONS,
      }),
      'POST /api/auth/passkey/verify': jsonResponse(sessionFor(roles)),
    });
    browser.startAuthentication.mockResolvedValue(ASSERTION);
    const user = userEvent.setup();
    const { router, setSession } = renderApp('/auth');
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));

    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(home));
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(sentBodies(fetchMock, 'POST /api/auth/passkey/verify')).toEqual([
      { challengeId: CHALLENGE_ID, response: ASSERTION },
    ]);
    expect(setSession).toHaveBeenCalledWith(
      expect.objectContaining({ access_token: 'access-passkey', user: userWith(roles) }),
    );
  });

  it('says gently that the passkey prompt was closed, and stays on the form', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/passkey/options': jsonResponse({
        challengeId: CHALLENGE_ID,
        options: OPTIONS,
      }),
    });
    browser.startAuthentication.mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    );
    const user = userEvent.setup();
    const { router, setSession } = renderApp('/auth');
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));

    expect(await screen.findByText(/Passkey sign-in was cancelled/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    expect(setSession).not.toHaveBeenCalled();
    expect(sentBodies(fetchMock, 'POST /api/auth/passkey/verify')).toEqual([]);
  });

  it("shows the server's message for a passkey it does not know", async () => {
    mockApi({
      'POST /api/auth/passkey/options': jsonResponse({
        challengeId: CHALLENGE_ID,
        options: OPTIONS,
      }),
      'POST /api/auth/passkey/verify': errorResponse(
        401,
        'passkey_unknown',
        'This passkey is not registered with any account.',
      ),
    });
    browser.startAuthentication.mockResolvedValue(ASSERTION);
    const user = userEvent.setup();
    renderApp('/auth');
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(
      await screen.findByText('This passkey is not registered with any account.'),
    ).toBeTruthy();
  });

  it('offers "Use your passkey" in the second step when the account has one', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/signin': jsonResponse({
        mfa: {
          ticket: 'ticket-1',
          factors: [
            { id: '4f1c1f0e-8a51-4c43-9d8a-1b7f0f0a6c11', factorType: 'totp', friendlyName: null },
            {
              id: '5a2d2e1f-9b62-4d54-8e9b-2c8a1b1b7d22',
              factorType: 'webauthn',
              friendlyName: 'Laptop',
            },
          ],
        },
      }),
      'POST /api/auth/mfa/webauthn/options': jsonResponse({ options: OPTIONS }),
      'POST /api/auth/mfa/webauthn/verify': jsonResponse(sessionFor(['brand'])),
    });
    browser.startAuthentication.mockResolvedValue(ASSERTION);
    const user = userEvent.setup();
    const { router } = renderApp('/auth');
    await user.type(await screen.findByLabelText('Email'), 'maya@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByLabelText('6-digit code')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Use your passkey' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/brand/dashboard'));
    expect(sentBodies(fetchMock, 'POST /api/auth/mfa/webauthn/options')).toEqual([
      { ticket: 'ticket-1' },
    ]);
    expect(sentBodies(fetchMock, 'POST /api/auth/mfa/webauthn/verify')).toEqual([
      { ticket: 'ticket-1', response: ASSERTION },
    ]);
  });

  it('leads with the passkey when it is the only second factor', async () => {
    mockApi({
      'POST /api/auth/signin': jsonResponse({
        mfa: {
          ticket: 'ticket-2',
          factors: [
            {
              id: '5a2d2e1f-9b62-4d54-8e9b-2c8a1b1b7d22',
              factorType: 'webauthn',
              friendlyName: null,
            },
          ],
        },
      }),
    });
    const user = userEvent.setup();
    renderApp('/auth');
    await user.type(await screen.findByLabelText('Email'), 'maya@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('button', { name: 'Use your passkey' })).toBeTruthy();
    expect(screen.queryByLabelText('6-digit code')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByLabelText('Recovery code')).toBeTruthy();
  });
});
