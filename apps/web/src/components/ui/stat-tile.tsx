import type { LucideIcon } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/**
 * One figure of a dashboard, for use inside a <dl>: a label with its icon, the value (a skeleton
 * while it is null), and an optional note under it. `accent` draws it dark, for the headline figure.
 */
export function StatTile({
  label,
  value,
  icon: Icon,
  accent,
  note,
  size = 'md',
}: {
  label: string;
  value: string | null;
  icon: LucideIcon;
  accent?: boolean;
  note?: string;
  size?: 'md' | 'lg';
}) {
  return (
    <div
      className={cn(
        'flex flex-col gap-3 rounded-3xl border p-4 shadow-card sm:p-5',
        accent ? 'border-ink-border bg-ink text-ink-foreground' : 'border-border bg-card',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <dt
          className={cn(
            'text-sm font-semibold',
            accent ? 'text-ink-muted' : 'text-muted-foreground',
          )}
        >
          {label}
        </dt>
        <Icon
          className={cn('size-4', accent ? 'text-brand' : 'text-muted-foreground')}
          aria-hidden="true"
        />
      </div>
      <dd className="flex flex-col gap-1">
        <span
          className={cn(
            'text-[1.75rem] font-extrabold leading-none tracking-tight tabular-nums',
            size === 'lg' ? 'sm:text-[2.5rem]' : 'sm:text-[2rem]',
          )}
        >
          {value ?? (
            <Skeleton
              className={cn(size === 'lg' ? 'h-9 w-24' : 'h-8 w-20', accent && 'bg-ink-raised')}
            />
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
