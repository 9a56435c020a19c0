import { formatWholeDollars } from '@adreel/domain';
import { CircleDollarSign, type LucideIcon, Wallet } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

function Total({
  label,
  cents,
  note,
  icon: Icon,
  accent,
}: {
  label: string;
  cents: number | null;
  note?: string;
  icon: LucideIcon;
  accent?: boolean;
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
        <span className="text-[1.75rem] font-extrabold leading-none tracking-tight tabular-nums sm:text-[2.5rem]">
          {cents === null ? (
            <Skeleton className={cn('h-9 w-24', accent && 'bg-ink-raised')} />
          ) : (
            formatWholeDollars(cents)
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

/** SPEC.md §2 Earnings: total earnings and paid out, in whole dollars (§9). */
export function EarningsTotals({
  totalCents,
  paidOutCents,
}: {
  totalCents: number | null;
  paidOutCents: number | null;
}) {
  const owed =
    totalCents !== null && paidOutCents !== null ? Math.max(0, totalCents - paidOutCents) : null;
  return (
    <dl className="grid grid-cols-2 gap-3" aria-busy={totalCents === null}>
      <Total label="Total earnings" cents={totalCents} icon={CircleDollarSign} accent />
      <Total
        label="Paid out"
        cents={paidOutCents}
        icon={Wallet}
        note={owed ? `${formatWholeDollars(owed)} on its way from brands` : undefined}
      />
    </dl>
  );
}
