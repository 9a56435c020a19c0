import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/auth/mfa/phone/challenge: texts a code to one of the account's phone factors. */
export function textMfaCode(body: { ticket: string; factorId: string }) {
  return api<{ challengeId: string; expires_at: string; message: string }>(
    '/api/auth/mfa/phone/challenge',
    { method: 'POST', body, retryOnUnauthorized: false },
  );
}

export function useTextMfaCode() {
  return useMutation({ mutationFn: textMfaCode });
}
