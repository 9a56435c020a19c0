import type { SessionResponse } from '@adreel/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { getPasskeyAssertion } from '@/lib/passkey';

/*
 * The second step of a password sign-in, answered with a passkey: options for the ticket's user,
 * the browser's prompt, then the assertion. No token yet, so no 401-retry.
 */

/** POST /api/auth/mfa/webauthn/options: options naming this user's passkeys. */
export async function getMfaPasskeyOptions(ticket: string) {
  const body = await api<{ options: { challenge: string } & Record<string, unknown> }>(
    '/api/auth/mfa/webauthn/options',
    { method: 'POST', body: { ticket }, credentials: 'include', retryOnUnauthorized: false },
  );
  return body.options;
}

/** POST /api/auth/mfa/webauthn/verify then the session (and the refresh cookie). */
export async function verifyMfaPasskey(ticket: string): Promise<SessionResponse> {
  const options = await getMfaPasskeyOptions(ticket);
  const response = await getPasskeyAssertion(options);
  return api<SessionResponse>('/api/auth/mfa/webauthn/verify', {
    method: 'POST',
    body: { ticket, response },
    credentials: 'include',
    retryOnUnauthorized: false,
  });
}

export function useVerifyMfaPasskey() {
  return useMutation({ mutationFn: verifyMfaPasskey });
}
