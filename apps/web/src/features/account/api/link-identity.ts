import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * POST /api/user/identities/link: the provider's authorization URL for linking it to this account
 * (the answer also sets a cookie that binds the flow to this browser). The browser then goes there
 * and comes back to /account?linked= or /account?error=.
 */
export function startLinkIdentity(provider: string): Promise<{ url: string }> {
  return api<{ url: string }>('/api/user/identities/link', {
    method: 'POST',
    body: { provider },
  });
}

export function useLinkIdentity() {
  return useMutation({ mutationFn: startLinkIdentity });
}
