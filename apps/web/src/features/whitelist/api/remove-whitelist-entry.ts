import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { whitelistKey } from './get-whitelist';

/** DELETE /api/admin/whitelist/:id */
export function removeWhitelistEntry(id: string): Promise<void> {
  return api<void>(`/api/admin/whitelist/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRemoveWhitelistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeWhitelistEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: whitelistKey }),
  });
}
