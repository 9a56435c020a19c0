import { type Factor, OWNERSHIP_MESSAGES } from '@adreel/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  jsonResponse,
  mockApi,
  renderApp,
  sentBodies,
  signedInAs,
  userWith,
} from '@/test/render-app';

const browser = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

const PASSKEY_ID = '2b8e4f10-6c3d-4a9b-8e7f-5d1c0b9a8f76';
const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rp: { id: 'localhost', name: 'Adreel' } };
const REGISTRATION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nm' },
  clientExtensionResults: {},
};

function passkey(): Factor {
  return {
    id: PASSKEY_ID,
    factorType: 'webauthn',
    friendlyName: 'MacBook Touch ID',
    verified: true,
    createdAt: new Date().toISOString(),
    lastUsedAt: new Date().toISOString(),
  };
}

describe('passkeys on /account', () => {
  beforeEach(() => {
    browser.startRegistration.mockReset();
    // jsdom has no WebAuthn; the card offers passkeys only where the browser has them.
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  });

  it('tells an account whose email is not verified to verify first, offering no enrolment', async () => {
    const fetchMock = mockApi({
      'GET /api/account/sessions': jsonResponse({ sessions: [] }),
      'GET /api/factors': jsonResponse({ factors: [] }),
    });
    renderApp('/account', {
      status: 'signed-in',
      user: userWith(['viewer'], { emailVerified: false }),
    });
    for (const name of ['Passkeys', 'Two-factor authentication', 'Phone']) {
      const card = await screen.findByRole('region', { name });
      expect(within(card).getByText(OWNERSHIP_MESSAGES.verifyEmailFirst)).toBeTruthy();
      expect(
        within(card).queryByRole('button', { name: /Add a passkey|Set up|Add a phone/ }),
      ).toBeNull();
    }
    expect(sentBodies(fetchMock, 'POST /api/factors')).toEqual([]);
  });

  it("adds a passkey through the browser's prompt, and shows the first recovery codes", async () => {
    let factors: Factor[] = [];
    const fetchMock = mockApi({
      'GET /api/account/sessions': jsonResponse({ sessions: [] }),
      'GET /api/factors': () => jsonResponse({ factors }),
      'POST /api/factors': jsonResponse(
        { id: PASSKEY_ID, factor_type: 'webauthn', webauthn: { options: OPTIONS } },
        201,
      ),
      [`POST /api/factors/${PASSKEY_ID}/verify`]: () => {
        factors = [passkey()];
        return jsonResponse({
          verified: true,
          recovery_codes: ['aaaaa-bbbbb', 'ccccc-ddddd'],
          session: {
            access_token: 'access-aal2',
            token_type: 'bearer',
            expires_in: 900,
            expires_at: Math.floor(Date.now() / 1000) + 900,
            user: userWith(['viewer']),
          },
        });
      },
    });
    browser.startRegistration.mockResolvedValue(REGISTRATION);
    const user = userEvent.setup();
    const { setSession } = renderApp('/account', signedInAs('viewer'));
    const card = await screen.findByRole('region', { name: 'Passkeys' });
    await user.click(await within(card).findByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await user.type(within(dialog).getByLabelText('Name'), 'MacBook Touch ID');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('dialog', { name: 'Save your recovery codes' })).toBeTruthy();
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(sentBodies(fetchMock, 'POST /api/factors')).toEqual([
      { factor_type: 'webauthn', friendly_name: 'MacBook Touch ID' },
    ]);
    expect(sentBodies(fetchMock, `POST /api/factors/${PASSKEY_ID}/verify`)).toEqual([
      { response: REGISTRATION },
    ]);
    expect(setSession).toHaveBeenCalledWith(
      expect.objectContaining({ access_token: 'access-aal2' }),
    );
    expect(await within(card).findByText('MacBook Touch ID')).toBeTruthy();
  });

  it('takes a closed prompt calmly, and drops the unfinished passkey', async () => {
    const fetchMock = mockApi({
      'GET /api/account/sessions': jsonResponse({ sessions: [] }),
      'GET /api/factors': jsonResponse({ factors: [] }),
      'POST /api/factors': jsonResponse(
        { id: PASSKEY_ID, factor_type: 'webauthn', webauthn: { options: OPTIONS } },
        201,
      ),
      [`DELETE /api/factors/${PASSKEY_ID}`]: new Response(null, { status: 204 }),
    });
    browser.startRegistration.mockRejectedValue(
      new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
    );
    const user = userEvent.setup();
    renderApp('/account', signedInAs('viewer'));
    const card = await screen.findByRole('region', { name: 'Passkeys' });
    await user.click(await within(card).findByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await user.type(within(dialog).getByLabelText('Name'), 'Phone');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await within(dialog).findByText(/The passkey prompt was closed/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeTruthy();
    await waitFor(() =>
      expect(sentBodies(fetchMock, `DELETE /api/factors/${PASSKEY_ID}`)).toHaveLength(1),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
