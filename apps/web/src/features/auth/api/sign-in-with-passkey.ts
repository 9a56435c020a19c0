import type { PasskeyOptionsResponse, SessionResponse } from '@adreel/domain';
import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { getPasskeyAssertion } from '@/lib/passkey';

/*
 * Passkey sign-in is one ceremony over two calls, so both live here. Neither carries a token, and a
 * refused passkey is a 401 that no token refresh could fix: the 401-retry stays off.
 */

/** POST /api/auth/passkey/options: a challenge any passkey of this site may answer. */
export function getPasskeyOptions(): Promise<PasskeyOptionsResponse> {
  return api<PasskeyOptionsResponse>('/api/auth/passkey/options', {
    method: 'POST',
    body: {},
    credentials: 'include',
    retryOnUnauthorized: false,
  });
}

/** POST /api/auth/passkey/verify: the assertion; a session at aal2 (and the refresh cookie). */
export function verifyPasskey(body: {
  challengeId: string;
  response: AuthenticationResponseJSON;
}): Promise<SessionResponse> {
  return api<SessionResponse>('/api/auth/passkey/verify', {
    method: 'POST',
    body,
    credentials: 'include',
    retryOnUnauthorized: false,
  });
}

/** The whole ceremony: options, the browser's prompt, and the server's check. */
export async function signInWithPasskey(): Promise<SessionResponse> {
  const { challengeId, options } = await getPasskeyOptions();
  const response = await getPasskeyAssertion(options);
  return verifyPasskey({ challengeId, response });
}

export function useSignInWithPasskey() {
  return useMutation({ mutationFn: signInWithPasskey });
}
