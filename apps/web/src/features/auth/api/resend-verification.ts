import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/auth/verify-email/resend (signed in): mails a fresh verification link. */
export function resendVerification(): Promise<{ message: string }> {
  return api<{ message: string }>('/api/auth/verify-email/resend', { method: 'POST', body: {} });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
