import type { VerifyEmailBody, VerifyEmailResponse } from '@adreel/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * POST /api/auth/verify-email with the mailed token (decision 022): a session (the link signed in),
 * or "choose a password" when opened outside the browser that signed up (post again with
 * `password`), or a message for an address proven before. Cookies go along: the sign-up binding is
 * read, the refresh token set.
 */
export function verifyEmail(body: VerifyEmailBody): Promise<VerifyEmailResponse> {
  return api<VerifyEmailResponse>('/api/auth/verify-email', {
    method: 'POST',
    body,
    credentials: 'include',
  });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
