import type { SessionResponse, SignUpInput } from '@adreel/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/auth/signup: 201 with a session, the refresh token set as a cookie. */
export function signUp(body: SignUpInput): Promise<SessionResponse> {
  return api<SessionResponse>('/api/auth/signup', {
    method: 'POST',
    body,
    credentials: 'include',
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
