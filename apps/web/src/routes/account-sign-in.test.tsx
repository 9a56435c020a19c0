import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  errorResponse,
  jsonResponse,
  mockApi,
  renderApp,
  sentBodies,
  signedInAs,
  userWith,
} from '@/test/render-app';

const IDENTITY = {
  id: 'c3c3c3c3-3333-4333-8333-333333333333',
  provider: 'google',
  providerName: 'Google',
  email: 'maya@gmail.test',
  createdAt: new Date(Date.now() - 86_400_000).toISOString(),
  lastSignInAt: new Date().toISOString(),
};

const LAST_METHOD =
  'This is your only way to sign in. Set a password or add a passkey before unlinking it.';

describe('account: sign-in methods', () => {
  it('lists an identity, refuses to unlink the last way in with the server message, and sets a first password', async () => {
    let hasPassword = false;
    const fetchMock = mockApi({
      'GET /api/user/identities': () =>
        jsonResponse({ hasPassword, identities: [IDENTITY], passkeys: 0 }),
      'DELETE /api/user/identities/c3c3c3c3-3333-4333-8333-333333333333': errorResponse(
        409,
        'last_sign_in_method',
        LAST_METHOD,
      ),
      'POST /api/account/password/first': () => {
        hasPassword = true;
        return jsonResponse({ message: 'Your password is set. You can now sign in with it too.' });
      },
      'GET /api/factors': jsonResponse({ factors: [] }),
    });
    renderApp('/account', signedInAs('creator'));
    const card = within(
      (await screen.findByRole('heading', { name: 'Sign-in methods' })).closest(
        'section',
      ) as HTMLElement,
    );
    expect(await card.findByText('Google')).toBeTruthy();
    expect(card.getByText('Not set')).toBeTruthy();
    // No password: nothing to change, so the change-password card stays away.
    expect(screen.queryByRole('heading', { name: 'Change password' })).toBeNull();

    const user = userEvent.setup();
    await user.click(card.getByRole('button', { name: 'Unlink' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unlink' }),
    );
    expect(await screen.findByText(LAST_METHOD)).toBeTruthy();

    await user.click(card.getByRole('button', { name: 'Set password' }));
    await user.type(card.getByLabelText('New password'), 'brand new pw');
    await user.type(card.getByLabelText('Confirm password'), 'brand new pw');
    await user.click(card.getByRole('button', { name: 'Set password' }));
    expect(
      await screen.findByText('Your password is set. You can now sign in with it too.'),
    ).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/account/password/first')).toEqual([
      { newPassword: 'brand new pw' },
    ]);
    await waitFor(() => expect(card.getByText('Set')).toBeTruthy());
  });
});

describe('account: linking a provider', () => {
  it('offers each provider not linked yet; Link sends the browser to the provider', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const fetchMock = mockApi({
      'GET /api/auth/providers': jsonResponse({
        providers: [
          { id: 'google', name: 'Google' },
          { id: 'work', name: 'Work ID' },
        ],
      }),
      'GET /api/user/identities': jsonResponse({
        hasPassword: true,
        identities: [IDENTITY],
        passkeys: 0,
      }),
      'GET /api/factors': jsonResponse({ factors: [] }),
      'POST /api/user/identities/link': jsonResponse({ url: 'https://id.work.test/authorize?x=1' }),
    });
    renderApp('/account', signedInAs('creator'));
    const card = within(
      (await screen.findByRole('heading', { name: 'Sign-in methods' })).closest(
        'section',
      ) as HTMLElement,
    );
    expect(await card.findByText('Work ID')).toBeTruthy();
    // Google is linked already: Unlink, not Link.
    expect(card.getAllByRole('button', { name: 'Link' })).toHaveLength(1);
    await userEvent.setup().click(card.getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://id.work.test/authorize?x=1'));
    expect(sentBodies(fetchMock, 'POST /api/user/identities/link')).toEqual([{ provider: 'work' }]);
  });

  it('says so when the provider comes back linked', async () => {
    mockApi({
      'GET /api/auth/providers': jsonResponse({ providers: [{ id: 'work', name: 'Work ID' }] }),
      'GET /api/user/identities': jsonResponse({ hasPassword: true, identities: [], passkeys: 0 }),
      'GET /api/factors': jsonResponse({ factors: [] }),
    });
    renderApp('/account?linked=work', signedInAs('creator'));
    expect(await screen.findByText('Work ID is linked. You can now sign in with it.')).toBeTruthy();
  });

  it('shows the server reason when linking came back refused', async () => {
    mockApi({
      'GET /api/auth/providers': jsonResponse({ providers: [{ id: 'work', name: 'Work ID' }] }),
      'GET /api/user/identities': jsonResponse({ hasPassword: true, identities: [], passkeys: 0 }),
      'GET /api/factors': jsonResponse({ factors: [] }),
    });
    renderApp(
      '/account?error=access_denied&error_description=You+cancelled+signing+in+with+Work+ID.',
      signedInAs('creator'),
    );
    expect(await screen.findByText('You cancelled signing in with Work ID.')).toBeTruthy();
  });

  it('asks an unverified address to verify before linking', async () => {
    mockApi({
      'GET /api/auth/providers': jsonResponse({ providers: [{ id: 'work', name: 'Work ID' }] }),
      'GET /api/user/identities': jsonResponse({ hasPassword: true, identities: [], passkeys: 0 }),
      'GET /api/factors': jsonResponse({ factors: [] }),
    });
    renderApp('/account', {
      status: 'signed-in',
      user: userWith(['creator'], { emailVerified: false }),
    });
    const card = within(
      (await screen.findByRole('heading', { name: 'Sign-in methods' })).closest(
        'section',
      ) as HTMLElement,
    );
    const button = await card.findByRole('button', { name: 'Link' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(card.getByText(/Verify your email address first/)).toBeTruthy();
  });
});

describe('account: phone', () => {
  it('adds a phone: number, texted code, verified', async () => {
    const factorId = 'd4d4d4d4-4444-4444-8444-444444444444';
    let verified = false;
    const fetchMock = mockApi({
      'GET /api/user/identities': jsonResponse({ hasPassword: true, identities: [], passkeys: 0 }),
      'GET /api/factors': () =>
        jsonResponse({
          factors: verified
            ? [
                {
                  id: factorId,
                  factorType: 'phone',
                  friendlyName: 'Phone 3456',
                  verified: true,
                  createdAt: new Date().toISOString(),
                  lastUsedAt: null,
                  phoneHint: '+••••••••3456',
                },
              ]
            : [],
        }),
      'POST /api/factors': jsonResponse(
        { id: factorId, factor_type: 'phone', phone: '+447911123456' },
        201,
      ),
      [`POST /api/factors/${factorId}/challenge`]: jsonResponse({
        id: 'e5e5e5e5-5555-4555-8555-555555555555',
        factor_type: 'phone',
        expires_at: new Date().toISOString(),
      }),
      [`POST /api/factors/${factorId}/verify`]: () => {
        verified = true;
        return jsonResponse({
          verified: true,
          session: {
            access_token: 'access-2',
            token_type: 'bearer',
            expires_in: 900,
            expires_at: Math.floor(Date.now() / 1000) + 900,
            user: userWith(['creator']),
          },
        });
      },
    });
    renderApp('/account', signedInAs('creator'));
    const card = within(
      (await screen.findByRole('heading', { name: 'Phone' })).closest('section') as HTMLElement,
    );
    const user = userEvent.setup();
    await user.click(await card.findByRole('button', { name: 'Add a phone' }));
    await user.type(card.getByLabelText('Mobile number'), '07911');
    await user.click(card.getByRole('button', { name: 'Text me a code' }));
    expect(
      await card.findByText(
        'Enter your mobile number in international format, e.g. +44 7911 123456',
      ),
    ).toBeTruthy();
    await user.clear(card.getByLabelText('Mobile number'));
    await user.type(card.getByLabelText('Mobile number'), '+44 7911 123456');
    await user.click(card.getByRole('button', { name: 'Text me a code' }));
    await user.type(await card.findByLabelText('6-digit code'), '123456');
    await user.click(card.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Phone added')).toBeTruthy();
    expect(await card.findByText('Phone 3456')).toBeTruthy();
    expect(sentBodies(fetchMock, `POST /api/factors/${factorId}/verify`)).toEqual([
      { code: '123456' },
    ]);
    expect(sentBodies(fetchMock, 'POST /api/factors')).toEqual([
      { factor_type: 'phone', phone: '+44 7911 123456', friendly_name: 'Phone 3456' },
    ]);
  });
});
