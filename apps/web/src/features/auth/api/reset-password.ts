import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/auth/reset-password with the mailed single-use token. */
export function resetPassword(body: { token: string; password: string }): Promise<{
  message: string;
}> {
  return api<{ message: string }>('/api/auth/reset-password', { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
