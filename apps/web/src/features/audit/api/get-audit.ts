import type { AuditFacets, AuditPage } from '@adreel/domain/audit-api';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export interface AuditFilters {
  actor: string;
  action: string;
  targetType: string;
  from: string;
  to: string;
}

export const EMPTY_AUDIT_FILTERS: AuditFilters = {
  actor: '',
  action: '',
  targetType: '',
  from: '',
  to: '',
};

export const auditKey = ['admin', 'audit'] as const;

/** GET /api/admin/audit: one page, newest first; `cursor` continues with older entries. */
export async function getAudit(
  filters: AuditFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AuditPage> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters))
    if (value.trim()) params.set(name, value.trim());
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return api<AuditPage>(`/api/admin/audit${query ? `?${query}` : ''}`, { signal });
}

export function useAudit(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: [...auditKey, filters],
    queryFn: ({ pageParam, signal }) => getAudit(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** GET /api/admin/audit/facets: the actions and target types to filter by. */
export function useAuditFacets() {
  return useQuery({
    queryKey: [...auditKey, 'facets'],
    queryFn: ({ signal }) => api<AuditFacets>('/api/admin/audit/facets', { signal }),
  });
}
