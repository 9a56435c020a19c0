import type { DigestTestResult } from '@adreel/domain/digest-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/admin/digest/test (SPEC.md §7 send-weekly-digest, test: true): to the admin only. */
export async function sendTestDigest(): Promise<DigestTestResult> {
  return api<DigestTestResult>('/api/admin/digest/test', { method: 'POST', body: { test: true } });
}

export function useSendTestDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestDigest,
    // The mail is in the outbox now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'outbox'] }),
  });
}
