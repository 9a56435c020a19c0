import { formatExactCount } from '@adreel/domain';
import type { LucideIcon } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/**
 * One figure of a dashboard, for use inside a <dl>: a label with its icon, the value (a skeleton
 * while it is null), and an optional note under it. `accent` draws it dark, for the headline figure.
 * `exact` is the count read out in full where `value` rounds it ("1,234" for "1.2K").
 */
export function StatTile({
  label,
  value,
  icon: Icon,
  accent,
  note,
  size = 'md',
  exact,
}: {
  label: string;
  value: string | null;
  icon: LucideIcon;
  accent?: boolean;
  note?: string;
  size?: 'md' | 'lg';
  exact?: number;
}) {
  return (
    <div
      className={cn(
        'flex flex-col gap-3 rounded-3xl border p-4 shadow-card sm:p-5',
        accent ? 'border-ink-border bg-ink text-ink-foreground' : 'border-border bg-card',
      )}
    >
      {/* The term directly in the group's <div> (a <dl>'s only allowed wrapper), its icon in it. */}
      <dt
        className={cn(
          'flex items-center justify-between gap-2 text-sm font-semibold',
          accent ? 'text-ink-muted' : 'text-muted-foreground',
        )}
      >
        {label}
        <Icon
          className={cn('size-4 shrink-0', accent ? 'text-brand' : 'text-muted-foreground')}
          aria-hidden="true"
        />
      </dt>
      <dd className="flex flex-col gap-1">
        <span
          className={cn(
            'text-[1.75rem] font-extrabold leading-none tracking-tight tabular-nums',
            size === 'lg' ? 'sm:text-[2.5rem]' : 'sm:text-[2rem]',
          )}
        >
          {value !== null && exact !== undefined ? (
            <>
              <span aria-hidden="true">{value}</span>
              <span className="sr-only">{formatExactCount(exact)}</span>
            </>
          ) : (
            (value ?? (
              <Skeleton
                className={cn(size === 'lg' ? 'h-9 w-24' : 'h-8 w-20', accent && 'bg-ink-raised')}
              />
            ))
          )}
        </span>
        {note && (
          <span
            className={cn(
              'text-[0.8125rem] text-pretty tabular-nums',
              accent ? 'text-ink-muted' : 'text-muted-foreground',
            )}
          >
            {note}
          </span>
        )}
      </dd>
    </div>
  );
}
