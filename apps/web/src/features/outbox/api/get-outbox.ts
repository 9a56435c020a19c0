import type { OutboxList } from '@adreel/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const outboxKey = ['admin', 'outbox'] as const;

/**
 * GET /api/admin/outbox: mail the app has sent (or kept, when no SMTP server is set), with bodies
 * that carry a link or code for their recipient hidden unless this server shows them.
 */
export function getOutbox(signal?: AbortSignal): Promise<OutboxList> {
  return api<OutboxList>('/api/admin/outbox', { signal });
}

export function outboxQueryOptions() {
  return queryOptions({ queryKey: outboxKey, queryFn: ({ signal }) => getOutbox(signal) });
}

export function useOutbox() {
  return useQuery(outboxQueryOptions());
}
