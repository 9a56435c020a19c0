import type { SignInResponse } from '@adreel/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * POST /api/auth/token?grant_type=pkce: the one-time code from the provider's round trip and this
 * tab's verifier, for a session (refresh cookie) or the second-factor ticket.
 */
export function exchangeCode(body: { auth_code: string; code_verifier: string }) {
  return api<SignInResponse>('/api/auth/token?grant_type=pkce', {
    method: 'POST',
    body,
    credentials: 'include',
    retryOnUnauthorized: false,
  });
}

export function useExchangeCode() {
  return useMutation({ mutationFn: exchangeCode });
}
