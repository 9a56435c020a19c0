import { cn } from '@/lib/utils';
import type { LiveState } from '../api/use-live-analytics';

const LABELS: Record<LiveState, string> = {
  live: 'Live',
  connecting: 'Connecting…',
  offline: 'Reconnecting…',
};

/** The small "Live" indicator: a pulsing dot while the analytics stream is open. */
export function LiveBadge({ state }: { state: LiveState }) {
  return (
    <span
      role="status"
      aria-live="polite"
      data-state={state}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        state === 'live'
          ? 'border-emerald-600/30 bg-emerald-600/10 text-emerald-700 dark:text-emerald-300'
          : 'border-border text-muted-foreground',
      )}
    >
      <span className="relative flex size-2">
        {state === 'live' && (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-500 opacity-60 motion-reduce:hidden" />
        )}
        <span
          className={cn(
            'relative inline-flex size-2 rounded-full',
            state === 'live' ? 'bg-emerald-500' : 'bg-muted-foreground/50',
          )}
        />
      </span>
      {LABELS[state]}
    </span>
  );
}
