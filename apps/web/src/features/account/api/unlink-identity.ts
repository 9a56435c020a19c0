import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { signInMethodsKey } from './get-sign-in-methods';

/** DELETE /api/user/identities/:id (SPEC.md §7); refused (409) for the last way to sign in. */
export function unlinkIdentity(identityId: string): Promise<void> {
  return api<void>(`/api/user/identities/${encodeURIComponent(identityId)}`, {
    method: 'DELETE',
  });
}

export function useUnlinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkIdentity,
    onSettled: () => queryClient.invalidateQueries({ queryKey: signInMethodsKey }),
  });
}
