/**
 * One event stream per tab (issue 19): GET /api/analytics/stream tells which of the caller's videos
 * moved, at most once a second; their analytics (and whatever `alsoRefresh` names) are read again.
 * It reconnects after a pause when it ends. Returns whether the stream is open: the "Live" indicator.
 */
import type { AnalyticsSide } from '@adreel/domain/analytics-api';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { readEventStream } from '@/lib/event-stream';
import { analyticsKey } from './api';

const RETRY_MS = 3_000;

export type LiveState = 'connecting' | 'live' | 'offline';

function changedIds(value: unknown): string[] | null {
  if (typeof value !== 'object' || value === null) return null;
  const changed = (value as { changed?: unknown }).changed;
  return Array.isArray(changed)
    ? changed.filter((id): id is string => typeof id === 'string')
    : null;
}

export function useLiveAnalytics(
  side: AnalyticsSide,
  alsoRefresh: readonly QueryKey[] = [],
): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  const extra = useRef(alsoRefresh);
  extra.current = alsoRefresh;
  useEffect(() => {
    if (typeof ReadableStream === 'undefined' || typeof TextDecoder === 'undefined') {
      setState('offline');
      return;
    }
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: analyticsKey(side) });
      for (const key of extra.current) void queryClient.invalidateQueries({ queryKey: key });
    };
    const connect = async () => {
      try {
        let first = true;
        await readEventStream(
          `/api/analytics/stream?as=${side}`,
          abort.signal,
          (data) => {
            const ids = changedIds(JSON.parse(data));
            // The first message opens the stream; after a reconnect, what was missed is read again.
            if (ids && (ids.length > 0 || !first)) refresh();
            first = false;
          },
          () => setState('live'),
        );
      } catch {
        // Reconnect below; an abort ends it.
      }
      if (!abort.signal.aborted) {
        setState('offline');
        timer = setTimeout(() => void connect(), RETRY_MS);
      }
    };
    void connect();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [queryClient, side]);
  return state;
}
