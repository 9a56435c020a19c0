import type { Video } from '@adreel/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adminVideosKey } from './get-admin-videos';

/** POST /api/admin/videos/:id/approve: the server's message and the video as it now stands. */
export async function approveVideo(id: string): Promise<{ message: string; video: Video }> {
  return api(`/api/admin/videos/${encodeURIComponent(id)}/approve`, { method: 'POST' });
}

export function useApproveVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveVideo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminVideosKey }),
  });
}
