import { type CreatorTransaction, formatWholeDollars } from '@adreel/domain';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format-time';

/** SPEC.md §4: a transaction is recorded when the brand approves, paid once it says it paid. */
const STATUS = {
  recorded: { label: 'Awaiting payout', variant: 'secondary' },
  paid: { label: 'Paid', variant: 'default' },
} as const;

function TransactionRow({ transaction: t }: { transaction: CreatorTransaction }) {
  const status = STATUS[t.status];
  // Phone: the badge goes under the text, so the campaign title keeps the width; wider: under the amount.
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-2 py-3.5 first:pt-0 last:pb-0">
      <div className="flex min-w-0 flex-col gap-0.5 sm:row-span-2">
        <p className="line-clamp-2 font-semibold leading-snug text-balance">{t.campaignTitle}</p>
        <p className="text-[0.8125rem] text-muted-foreground tabular-nums">
          <time dateTime={t.createdAt}>{formatDate(t.createdAt)}</time>
          {t.status === 'paid' && t.paidAt ? ` · paid ${formatDate(t.paidAt)}` : ''}
        </p>
        {t.videoTitle && (
          <p className="truncate text-[0.8125rem] text-muted-foreground">{t.videoTitle}</p>
        )}
      </div>
      <p className="text-right font-bold tabular-nums">{formatWholeDollars(t.amountCents)}</p>
      <Badge variant={status.variant} className="sm:col-start-2 sm:justify-self-end">
        {status.label}
      </Badge>
    </li>
  );
}

export function TransactionListSkeleton() {
  return (
    <ul aria-label="Loading transactions" className="divide-y divide-border">
      {[0, 1, 2].map((i) => (
        <li key={i} className="flex items-center gap-4 py-3.5 first:pt-0 last:pb-0">
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
          </div>
          <div className="flex flex-col items-end gap-2">
            <Skeleton className="h-5 w-14" />
            <Skeleton className="h-5 w-20 rounded-full" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** SPEC.md §2 Earnings: each transaction with campaign title, date, amount and status. */
export function TransactionList({ transactions }: { transactions: CreatorTransaction[] }) {
  return (
    <ul aria-label="Transactions" className="divide-y divide-border">
      {transactions.map((t) => (
        <TransactionRow key={t.id} transaction={t} />
      ))}
    </ul>
  );
}
