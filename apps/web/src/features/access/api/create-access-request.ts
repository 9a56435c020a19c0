import type { AccessRequestInput } from '@adreel/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export interface AccessRequestCreated {
  status: 'created' | 'already_requested';
  message: string;
}

/** POST /api/access-requests: 201 created, or 200 when this email has asked before. */
export function createAccessRequest(body: AccessRequestInput): Promise<AccessRequestCreated> {
  return api<AccessRequestCreated>('/api/access-requests', { method: 'POST', body });
}

export function useCreateAccessRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccessRequest,
    // A new request moves the beta counter (its query key is ['beta', 'progress']).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['beta'] }),
  });
}
