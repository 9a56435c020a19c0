import type { SessionResponse } from '@adreel/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type MfaAnswer =
  | { ticket: string; factorId: string; code: string }
  | { ticket: string; recoveryCode: string };

/** POST /api/auth/mfa/verify: the second step of a sign-in, by code or recovery code. */
export function verifyMfa(body: MfaAnswer): Promise<SessionResponse> {
  return api<SessionResponse>('/api/auth/mfa/verify', {
    method: 'POST',
    body,
    credentials: 'include',
    // A wrong code is a 401 that no token refresh could fix.
    retryOnUnauthorized: false,
  });
}

export function useVerifyMfa() {
  return useMutation({ mutationFn: verifyMfa });
}
