import type { OutboxMail } from '@adreel/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const outboxKey = ['admin', 'outbox'] as const;

/** GET /api/admin/outbox: mail the app has sent (or kept, when no SMTP server is set). */
export async function getOutbox(signal?: AbortSignal): Promise<OutboxMail[]> {
  const body = await api<{ mails: OutboxMail[] }>('/api/admin/outbox', { signal });
  return body.mails;
}

export function outboxQueryOptions() {
  return queryOptions({ queryKey: outboxKey, queryFn: ({ signal }) => getOutbox(signal) });
}

export function useOutbox() {
  return useQuery(outboxQueryOptions());
}
