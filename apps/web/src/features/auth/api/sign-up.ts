import type { SignUpInput, SignUpResponse } from '@adreel/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * POST /api/auth/signup: 202 "check your inbox", never a session (decision 022). The mailed link
 * signs in; the sign-up binding cookie lets it keep the password when opened in this browser.
 */
export function signUp(body: SignUpInput): Promise<SignUpResponse> {
  return api<SignUpResponse>('/api/auth/signup', {
    method: 'POST',
    body,
    credentials: 'include',
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
