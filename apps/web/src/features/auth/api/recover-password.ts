import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/auth/recover: always the same neutral answer, so it tells no one who has an account. */
export function recoverPassword(body: { email: string }): Promise<{ message: string }> {
  return api<{ message: string }>('/api/auth/recover', { method: 'POST', body });
}

export function useRecoverPassword() {
  return useMutation({ mutationFn: recoverPassword });
}
