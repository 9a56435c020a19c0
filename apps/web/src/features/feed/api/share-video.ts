import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/videos/:id/shares: logs a share (SPEC.md §6: only for a signed-in viewer). */
export async function logShare(id: string): Promise<{ shares: number }> {
  return api(`/api/videos/${encodeURIComponent(id)}/shares`, { method: 'POST' });
}

export function useLogShare() {
  return useMutation({ mutationFn: logShare });
}
