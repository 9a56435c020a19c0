import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { keepEventStreamOpen } from '@/lib/event-stream';
import { betaProgressQueryOptions, parseBetaProgress } from './get-beta-progress';

export const BETA_PROGRESS_STREAM_PATH = '/api/beta/progress/stream';

/**
 * GET /api/beta/progress/stream (server-sent events, data `{count, target}`): writes each new count
 * into the query cache, so the counter rises live (SPEC.md §4). Read with fetch, not EventSource, so
 * that a server with too many streams open (429 or 503, decision 038) is asked again after its
 * Retry-After instead of never; the stream reconnects by itself when it ends.
 */
export function useBetaProgressStream(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof ReadableStream === 'undefined' || typeof TextDecoder === 'undefined') return;
    const abort = new AbortController();
    keepEventStreamOpen(BETA_PROGRESS_STREAM_PATH, abort.signal, {
      // The public counter: no token, so it counts against no account.
      withToken: false,
      onData: (data) => {
        let value: unknown;
        try {
          value = JSON.parse(data);
        } catch {
          return; // Not a count.
        }
        const progress = parseBetaProgress(value);
        if (progress) queryClient.setQueryData(betaProgressQueryOptions().queryKey, progress);
      },
    });
    return () => abort.abort();
  }, [queryClient]);
}
