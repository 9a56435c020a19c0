import type { Factor } from '@adreel/domain';
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

const FACTOR_ID = '7d3c1a52-9f0e-4b8e-a6f1-3c2b1a0d9e87';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const QR = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';
const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `abcde-${String(i).padStart(5, '0')}`);

function factor(overrides: Partial<Factor> = {}): Factor {
  return {
    id: FACTOR_ID,
    factorType: 'totp',
    friendlyName: 'Phone',
    verified: true,
    createdAt: '2026-03-01T10:00:00.000Z',
    lastUsedAt: null,
    ...overrides,
  };
}

const aal2Session = {
  access_token: 'access-aal2',
  token_type: 'bearer',
  expires_in: 900,
  expires_at: Math.floor(Date.now() / 1000) + 900,
  user: userWith(['creator']),
};

function enrolAnswer() {
  return jsonResponse(
    {
      id: FACTOR_ID,
      factor_type: 'totp',
      totp: { secret: SECRET, uri: `otpauth://totp/Adreel:maya?secret=${SECRET}`, qr_code: QR },
    },
    201,
  );
}

async function openEnrolment() {
  const user = userEvent.setup();
  const card = await screen.findByRole('region', { name: 'Two-factor authentication' });
  expect(await within(card).findByText('Off')).toBeTruthy();
  await user.click(within(card).getByRole('button', { name: 'Set up' }));
  const dialog = await screen.findByRole('dialog', { name: 'Set up an authenticator app' });
  return { user, card, dialog };
}

describe('two-factor authentication on /account', () => {
  it('enrols an authenticator app: QR code and setup key, then the recovery codes once', async () => {
    let factors: Factor[] = [];
    const fetchMock = mockApi({
      'GET /api/account/sessions': jsonResponse({ sessions: [] }),
      'GET /api/factors': () => jsonResponse({ factors }),
      'POST /api/factors': enrolAnswer(),
      [`POST /api/factors/${FACTOR_ID}/verify`]: () => {
        factors = [factor({ lastUsedAt: new Date().toISOString() })];
        return jsonResponse({
          verified: true,
          recovery_codes: RECOVERY_CODES,
          session: aal2Session,
        });
      },
    });
    const { setSession } = renderApp('/account', signedInAs('creator'));
    const { user, card, dialog } = await openEnrolment();

    await user.type(within(dialog).getByLabelText('Name'), 'Phone');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toBe(QR);
    const key = screen.getByRole('figure', { name: 'Setup key' });
    // In groups of four, for typing by hand; together, exactly the secret.
    expect(within(key).getAllByText(/^[A-Z2-7]{4}$/)).toHaveLength(8);
    expect(key.querySelector('code')?.textContent).toBe(SECRET);
    expect(screen.getByRole('button', { name: 'Copy setup key' })).toBeTruthy();

    await user.type(screen.getByLabelText('6-digit code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));

    const codes = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(within(codes).getByText(/Save these now\./)).toBeTruthy();
    for (const code of RECOVERY_CODES) expect(within(codes).getByText(code)).toBeTruthy();
    expect(setSession).toHaveBeenCalledWith(
      expect.objectContaining({ access_token: 'access-aal2' }),
    );
    expect(sentBodies(fetchMock, 'POST /api/factors')).toEqual([
      { factor_type: 'totp', friendly_name: 'Phone' },
    ]);
    expect(sentBodies(fetchMock, `POST /api/factors/${FACTOR_ID}/verify`)).toEqual([
      { code: '123456' },
    ]);

    // Done only once the person says they kept them; then the codes are gone for good.
    const done = within(codes).getByRole('button', { name: 'Done' });
    expect((done as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(codes).getByLabelText(/I have saved my recovery codes/));
    await user.click(done);
    await waitFor(() => expect(screen.queryByText(RECOVERY_CODES[0] as string)).toBeNull());

    expect(await within(card).findByText('On')).toBeTruthy();
    expect(within(card).getByText('Phone')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Generate new codes' })).toBeTruthy();
  });

  it('says "Invalid code" at the field and keeps the QR code for another try', async () => {
    mockApi({
      'GET /api/account/sessions': jsonResponse({ sessions: [] }),
      'GET /api/factors': jsonResponse({ factors: [] }),
      'POST /api/factors': enrolAnswer(),
      [`POST /api/factors/${FACTOR_ID}/verify`]: errorResponse(401, 'invalid_code', 'Invalid code'),
    });
    const { setSession } = renderApp('/account', signedInAs('viewer'));
    const { user, dialog } = await openEnrolment();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));

    expect(await screen.findByText('Invalid code')).toBeTruthy();
    const input = screen.getByLabelText('6-digit code') as HTMLInputElement;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.value).toBe('');
    expect(screen.getByRole('img', { name: /QR code/ })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Save your recovery codes' })).toBeNull();
    expect(setSession).not.toHaveBeenCalled();
  });

  it('explains how to go on when removing a factor needs a second-factor sign-in', async () => {
    const fetchMock = mockApi({
      'GET /api/account/sessions': jsonResponse({ sessions: [] }),
      'GET /api/factors': jsonResponse({ factors: [factor()] }),
      [`DELETE /api/factors/${FACTOR_ID}`]: errorResponse(
        403,
        'aal2_required',
        'Confirm it is you with your second factor first.',
      ),
    });
    const user = userEvent.setup();
    renderApp('/account', signedInAs('brand'));
    const card = await screen.findByRole('region', { name: 'Two-factor authentication' });
    expect(await within(card).findByText('On')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Remove' }));

    const confirm = await screen.findByRole('dialog', { name: 'Remove “Phone”?' });
    expect(within(confirm).getByText(/two-factor authentication will turn off/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));

    const notice = await within(card).findByRole('alert');
    expect(notice.textContent).toContain(
      'Sign in again with your second factor to change two-factor settings.',
    );
    expect(within(notice).getByRole('button', { name: 'Sign in again' })).toBeTruthy();
    expect(within(notice).getByRole('button', { name: 'Confirm now' })).toBeTruthy();
    expect(within(card).getByText('Phone')).toBeTruthy();
    expect(sentBodies(fetchMock, `DELETE /api/factors/${FACTOR_ID}`)).toHaveLength(1);
  });

  it('confirms with a code on the spot, after which the session may change factors', async () => {
    const fetchMock = mockApi({
      'GET /api/account/sessions': jsonResponse({ sessions: [] }),
      'GET /api/factors': jsonResponse({ factors: [factor()] }),
      'POST /api/factors/recovery-codes': errorResponse(
        403,
        'aal2_required',
        'Confirm it is you with your second factor first.',
      ),
      [`POST /api/factors/${FACTOR_ID}/verify`]: jsonResponse({
        verified: true,
        session: aal2Session,
      }),
    });
    const user = userEvent.setup();
    const { setSession } = renderApp('/account', signedInAs('creator'));
    const card = await screen.findByRole('region', { name: 'Two-factor authentication' });
    await user.click(await within(card).findByRole('button', { name: 'Generate new codes' }));
    const confirm = await screen.findByRole('dialog', { name: 'Generate new recovery codes?' });
    await user.click(within(confirm).getByRole('button', { name: 'Generate new codes' }));

    const notice = await within(card).findByRole('alert');
    await user.click(within(notice).getByRole('button', { name: 'Confirm now' }));
    const stepUp = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.type(within(stepUp).getByLabelText('6-digit code'), '654321');
    await user.click(within(stepUp).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(/You can change two-factor settings now/)).toBeTruthy();
    expect(setSession).toHaveBeenCalledWith(
      expect.objectContaining({ access_token: 'access-aal2' }),
    );
    await waitFor(() => expect(within(card).queryByRole('alert')).toBeNull());
    expect(sentBodies(fetchMock, `POST /api/factors/${FACTOR_ID}/verify`)).toEqual([
      { code: '654321' },
    ]);
  });
});
