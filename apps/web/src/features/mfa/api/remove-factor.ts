import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { factorsKey } from './get-factors';

/**
 * DELETE /api/factors/:id. A verified factor needs an aal2 session (403 aal2_required otherwise);
 * removing the last one turns two-factor sign-in off and deletes the recovery codes.
 */
export function removeFactor(factorId: string): Promise<void> {
  return api<void>(`/api/factors/${encodeURIComponent(factorId)}`, { method: 'DELETE' });
}

export function useRemoveFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFactor,
    onSettled: () => queryClient.invalidateQueries({ queryKey: factorsKey }),
  });
}
