import type { Video } from '@adreel/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adminVideosKey } from './get-admin-videos';

/**
 * POST /api/admin/videos/:id/reject {reason?}: the creator is told by mail, with the reason when
 * given. Answers the server's message and the video as it now stands.
 */
export async function rejectVideo(input: {
  id: string;
  reason?: string;
}): Promise<{ message: string; video: Video }> {
  return api(`/api/admin/videos/${encodeURIComponent(input.id)}/reject`, {
    method: 'POST',
    body: input.reason ? { reason: input.reason } : {},
  });
}

export function useRejectVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectVideo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminVideosKey }),
  });
}
