import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { accessRequestsKey } from './get-access-requests';

/** POST /api/admin/access-requests/:id/decline: the request leaves the pending list. */
export function declineAccessRequest(id: string): Promise<void> {
  return api<void>(`/api/admin/access-requests/${encodeURIComponent(id)}/decline`, {
    method: 'POST',
    body: {},
  });
}

export function useDeclineAccessRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineAccessRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessRequestsKey }),
  });
}
