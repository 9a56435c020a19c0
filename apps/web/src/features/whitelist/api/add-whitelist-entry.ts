import type { WhitelistAddInput, WhitelistEntry } from '@adreel/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { accessRequestsKey } from './get-access-requests';
import { whitelistKey } from './get-whitelist';

export type AddWhitelistEntryBody = WhitelistAddInput & { accessRequestId?: string };

/** POST /api/admin/whitelist: with `accessRequestId`, the request is marked approved too. */
export function addWhitelistEntry(body: AddWhitelistEntryBody): Promise<WhitelistEntry> {
  return api<WhitelistEntry>('/api/admin/whitelist', { method: 'POST', body });
}

export function useAddWhitelistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWhitelistEntry,
    onSuccess: (_entry, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: whitelistKey }),
        body.accessRequestId
          ? queryClient.invalidateQueries({ queryKey: accessRequestsKey })
          : undefined,
      ]),
  });
}
