import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/auth/verify-email with the mailed token; the whitelist role then applies. */
export function verifyEmail(body: { token: string }): Promise<{ message: string }> {
  return api<{ message: string }>('/api/auth/verify-email', { method: 'POST', body });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
