import type { Video } from '@adreel/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adminVideosKey } from './get-admin-videos';

/** POST /api/admin/videos/:id/feature {featured}: featured approved videos lead the feed. */
export async function featureVideo(input: {
  id: string;
  featured: boolean;
}): Promise<{ message: string; video: Video }> {
  return api(`/api/admin/videos/${encodeURIComponent(input.id)}/feature`, {
    method: 'POST',
    body: { featured: input.featured },
  });
}

export function useFeatureVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: featureVideo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminVideosKey }),
  });
}
