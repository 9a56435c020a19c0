import type { AdminCounts } from '@adreel/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getAccessToken } from '@/lib/api';
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
 * enters or leaves review or a report is filed or closed. EventSource cannot send the bearer token,
 * so the stream is read with fetch, reconnecting after a pause when it ends. When a count moves, the
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
        const token = getAccessToken();
        const response = await fetch(ADMIN_COUNTS_STREAM_PATH, {
          headers: {
            accept: 'text/event-stream',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          signal: abort.signal,
        });
        if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const data = buffer
              .slice(0, end)
              .split('\n')
              .filter((line) => line.startsWith('data:'))
              .map((line) => line.slice(5).trimStart())
              .join('\n');
            buffer = buffer.slice(end + 2);
            if (data) {
              const parsed: unknown = JSON.parse(data);
              if (isCounts(parsed)) apply(parsed);
            }
            end = buffer.indexOf('\n\n');
          }
        }
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
