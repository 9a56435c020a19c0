import type { Video } from '@adreel/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adminVideosKey } from './get-admin-videos';

/** POST /api/admin/videos/:id/reject: the server's message and the video as it now stands. */
export async function rejectVideo(id: string): Promise<{ message: string; video: Video }> {
  return api(`/api/admin/videos/${encodeURIComponent(id)}/reject`, { method: 'POST' });
}

export function useRejectVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectVideo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminVideosKey }),
  });
}
