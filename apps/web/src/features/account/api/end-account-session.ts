import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { accountSessionsKey } from './get-account-sessions';

/** DELETE /api/account/sessions/:id: signs that device out at its next refresh. */
export function endAccountSession(id: string): Promise<void> {
  return api<void>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useEndAccountSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endAccountSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsKey }),
  });
}
