import type { AdminCounts } from '@adreel/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readEventStream } from '@/lib/event-stream';
import { adminCountsKey } from './get-admin-counts';

export const ADMIN_COUNTS_STREAM_PATH = '/api/admin/counts/stream';
const RETRY_MS = 3_000;

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
 * enters or leaves review or a report is filed or closed; it reconnects after a pause when it ends. When a count moves, the
 * lists behind the tabs are read again too.
 */
export function useLiveAdminCounts(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof ReadableStream === 'undefined' || typeof TextDecoder === 'undefined') return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;

    const apply = (counts: AdminCounts) => {
      const before = queryClient.getQueryData<AdminCounts>(adminCountsKey);
      queryClient.setQueryData(adminCountsKey, counts);
      if (before && before.pendingVideos !== counts.pendingVideos)
        void queryClient.invalidateQueries({ queryKey: ['admin', 'videos'] });
      if (before && before.openReports !== counts.openReports)
        void queryClient.invalidateQueries({ queryKey: ['admin', 'reports'] });
    };

    const connect = async () => {
      try {
        await readEventStream(ADMIN_COUNTS_STREAM_PATH, abort.signal, (data) => {
          const parsed: unknown = JSON.parse(data);
          if (isCounts(parsed)) apply(parsed);
        });
      } catch {
        // Reconnect below; an abort ends it.
      }
      if (!abort.signal.aborted) timer = setTimeout(() => void connect(), RETRY_MS);
    };

    void connect();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [queryClient]);
}
