import type { AccountDeleteInput } from '@adreel/domain/account-data-api';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/account/delete: the account goes; the caller signs out afterwards. */
export async function deleteAccount(body: AccountDeleteInput): Promise<{ message: string }> {
  return api<{ message: string }>('/api/account/delete', {
    method: 'POST',
    body,
    credentials: 'include',
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
