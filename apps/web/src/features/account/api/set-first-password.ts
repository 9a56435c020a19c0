import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { signInMethodsKey } from './get-sign-in-methods';

/** POST /api/account/password/first: a password for an account made through a provider. */
export function setFirstPassword(body: { newPassword: string }) {
  return api<{ message: string }>('/api/account/password/first', { method: 'POST', body });
}

export function useSetFirstPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFirstPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signInMethodsKey }),
  });
}
