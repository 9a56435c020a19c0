import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/admin/scores/recompute: every approved video of the last 60 days scored anew. */
export async function recomputeScores(): Promise<{ message: string; updated: number }> {
  return api('/api/admin/scores/recompute', { method: 'POST' });
}

export function useRecomputeScores() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recomputeScores,
    // The rankings read the scores: the boards and the feed's order change with them.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['leaderboard'] }),
        queryClient.invalidateQueries({ queryKey: ['feed'] }),
      ]),
  });
}
