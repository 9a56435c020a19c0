import type { SignInInput, SignInResponse } from '@adreel/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/auth/signin: a session, or a ticket for the second factor. */
export function signIn(body: SignInInput): Promise<SignInResponse> {
  return api<SignInResponse>('/api/auth/signin', {
    method: 'POST',
    body,
    credentials: 'include',
  });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
