import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { accountSessionsKey } from './get-account-sessions';

/** POST /api/account/password: 204 once the current password checks out. */
export function changePassword(body: { currentPassword: string; newPassword: string }) {
  return api<void>('/api/account/password', { method: 'POST', body });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // A server may end the other sessions on a password change; the list shows what is left.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSessionsKey }),
  });
}
