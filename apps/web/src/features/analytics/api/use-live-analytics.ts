/**
 * One event stream per tab (issue 19): GET /api/analytics/stream tells which of the caller's videos
 * moved, at most once a second; their analytics (and whatever `alsoRefresh` names) are read again.
 * It reconnects after a pause when it ends (after the server's Retry-After when it refuses one stream
 * too many, decision 038). Returns whether the stream is open: the "Live" indicator.
 */
import type { AnalyticsSide } from '@adreel/domain/analytics-api';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { keepEventStreamOpen } from '@/lib/event-stream';
import { analyticsKey } from './analytics-key';

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
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: analyticsKey(side) });
      for (const key of extra.current) void queryClient.invalidateQueries({ queryKey: key });
    };
    // The first message opens the stream; after a reconnect, what was missed is read again.
    let first = true;
    keepEventStreamOpen(`/api/analytics/stream?as=${side}`, abort.signal, {
      onData: (data) => {
        const ids = changedIds(JSON.parse(data));
        if (ids && (ids.length > 0 || !first)) refresh();
        first = false;
      },
      onOpen: () => setState('live'),
      onDown: () => setState('offline'),
    });
    return () => abort.abort();
  }, [queryClient, side]);
  return state;
}
