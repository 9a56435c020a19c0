import { cn } from '@/lib/utils';

/** "On" in green with a dot, "Off" in grey: read as "Status: On". */
export function StatusBadge({ on }: { on: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
        on
          ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
          : 'bg-muted text-muted-foreground ring-border',
      )}
    >
      <span
        className={cn('size-1.5 rounded-full', on ? 'bg-emerald-500' : 'bg-muted-foreground/60')}
        aria-hidden="true"
      />
      <span className="sr-only">Status: </span>
      {on ? 'On' : 'Off'}
    </span>
  );
}
