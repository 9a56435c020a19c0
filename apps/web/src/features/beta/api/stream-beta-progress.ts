import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { betaProgressQueryOptions, parseBetaProgress } from './get-beta-progress';

export const BETA_PROGRESS_STREAM_PATH = '/api/beta/progress/stream';

/**
 * GET /api/beta/progress/stream (server-sent events, data `{count, target}`): writes each new count
 * into the query cache, so the counter rises live (SPEC.md §4). EventSource reconnects by itself.
 */
export function useBetaProgressStream(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(BETA_PROGRESS_STREAM_PATH);
    const onProgress = (event: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return; // A comment or keep-alive line, not a count.
      }
      const progress = parseBetaProgress(data);
      if (progress) queryClient.setQueryData(betaProgressQueryOptions().queryKey, progress);
    };
    source.addEventListener('message', onProgress);
    // Also a named `progress` event, should the server label its events.
    source.addEventListener('progress', onProgress);
    return () => source.close();
  }, [queryClient]);
}
