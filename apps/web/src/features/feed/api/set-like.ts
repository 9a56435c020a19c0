import type { LikeState } from '@adreel/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** PUT or DELETE /api/videos/:id/like (signed in): the like as the server now holds it. */
export async function setLike(input: { id: string; liked: boolean }): Promise<LikeState> {
  return api<LikeState>(`/api/videos/${encodeURIComponent(input.id)}/like`, {
    method: input.liked ? 'PUT' : 'DELETE',
  });
}

export function useSetLike() {
  return useMutation({ mutationFn: setLike });
}
