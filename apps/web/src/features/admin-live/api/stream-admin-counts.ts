import type { AdminCounts } from '@adreel/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { keepEventStreamOpen } from '@/lib/event-stream';
import { adminCountsKey } from './get-admin-counts';

export const ADMIN_COUNTS_STREAM_PATH = '/api/admin/counts/stream';

function isCounts(value: unknown): value is AdminCounts {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AdminCounts).pendingVideos === 'number' &&
    typeof (value as AdminCounts).openReports === 'number'
  );
}

/**
 * Keeps /admin's tab counts live (issue 7): the server's event stream sends them whenever a video
 * enters or leaves review or a report is filed or closed; it reconnects after a pause when it ends
 * (after the server's Retry-After when it refuses one stream too many). When a count moves, the
 * lists behind the tabs are read again too.
 */
export function useLiveAdminCounts(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof ReadableStream === 'undefined' || typeof TextDecoder === 'undefined') return;
    const abort = new AbortController();
    const apply = (counts: AdminCounts) => {
      const before = queryClient.getQueryData<AdminCounts>(adminCountsKey);
      queryClient.setQueryData(adminCountsKey, counts);
      if (before && before.pendingVideos !== counts.pendingVideos)
        void queryClient.invalidateQueries({ queryKey: ['admin', 'videos'] });
      if (before && before.openReports !== counts.openReports)
        void queryClient.invalidateQueries({ queryKey: ['admin', 'reports'] });
    };

    keepEventStreamOpen(ADMIN_COUNTS_STREAM_PATH, abort.signal, {
      onData: (data) => {
        const parsed: unknown = JSON.parse(data);
        if (isCounts(parsed)) apply(parsed);
      },
    });
    return () => abort.abort();
  }, [queryClient]);
}
