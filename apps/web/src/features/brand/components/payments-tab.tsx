import { type BrandTransaction, CAMPAIGN_ERRORS, formatWholeDollars } from '@adreel/domain';
import { BadgeCheck, Wallet } from 'lucide-react';
import { toast } from 'sonner';
import { QueryError } from '@/components/query-state';
import { StateMessage } from '@/components/state-message';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format-time';
import { useBrandTransactions } from '../api/get-brand-transactions';
import { useMarkTransactionPaid } from '../api/mark-transaction-paid';
import { TRANSACTION_STATUS } from '../lib/labels';

function PaymentRow({ transaction: t }: { transaction: BrandTransaction }) {
  const markPaid = useMarkTransactionPaid();
  const status = TRANSACTION_STATUS[t.status];
  const creator = t.creator ? t.creator.displayName : 'Deleted creator';
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-2 py-3.5 first:pt-0 last:pb-0">
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="line-clamp-2 font-semibold leading-snug text-balance">{t.campaign.title}</p>
        <p className="truncate text-[0.8125rem] text-muted-foreground">
          {creator}
          {t.creator && <span className="text-muted-foreground"> @{t.creator.username}</span>}
          {t.videoTitle ? ` · ${t.videoTitle}` : ''}
        </p>
        <p className="text-[0.8125rem] text-muted-foreground tabular-nums">
          <time dateTime={t.createdAt}>{formatDate(t.createdAt)}</time>
          {t.paidAt ? ` · paid ${formatDate(t.paidAt)}` : ''}
        </p>
      </div>
      <div className="flex flex-col items-end gap-2">
        <p className="font-bold tabular-nums">{formatWholeDollars(t.amountCents)}</p>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      {t.status === 'recorded' && !t.creator && (
        <p className="col-span-2 justify-self-end text-[0.8125rem] text-muted-foreground">
          {CAMPAIGN_ERRORS.creatorDeleted}
        </p>
      )}
      {t.status === 'recorded' && t.creator && (
        <Button
          size="sm"
          variant="outline"
          className="col-span-2 justify-self-end"
          disabled={markPaid.isPending}
          aria-label={`Mark Paid: ${formatWholeDollars(t.amountCents)} to ${creator} for ${t.campaign.title}`}
          onClick={() =>
            markPaid.mutate(t.id, {
              onSuccess: (answer) => toast.success(answer.message),
              onError: (error) => toast.error(serverMessage(error, 'Error marking as paid')),
            })
          }
        >
          {markPaid.isPending ? <Spinner /> : <BadgeCheck />} Mark Paid
        </Button>
      )}
    </li>
  );
}

function Totals({ transactions }: { transactions: BrandTransaction[] }) {
  // A deleted creator's payout has nobody to be paid to: not counted as owed.
  const owed = transactions
    .filter((t) => t.status === 'recorded' && t.creator)
    .reduce((sum, t) => sum + t.amountCents, 0);
  const paid = transactions
    .filter((t) => t.status === 'paid')
    .reduce((sum, t) => sum + t.amountCents, 0);
  return (
    <p className="text-sm text-muted-foreground tabular-nums">
      <span className="font-semibold text-foreground">{formatWholeDollars(owed)}</span> to pay ·{' '}
      <span className="font-semibold text-foreground">{formatWholeDollars(paid)}</span> paid
    </p>
  );
}

/** SPEC.md §2: own transactions with campaign, creator, amount, status, date; Mark Paid while recorded. */
export function PaymentsTab() {
  const transactions = useBrandTransactions();
  if (transactions.isPending)
    return (
      <div
        className="rounded-3xl border border-border bg-card p-5"
        role="status"
        aria-label="Loading payments"
      >
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex items-center gap-4 py-3">
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-4 w-1/3" />
            </div>
            <Skeleton className="h-5 w-14" />
          </div>
        ))}
      </div>
    );
  if (transactions.isError)
    return (
      <QueryError
        error={transactions.error}
        title={serverMessage(transactions.error, 'Error loading payments')}
        onRetry={() => void transactions.refetch()}
        retrying={transactions.isFetching}
      />
    );
  if (transactions.data.length === 0)
    return (
      <StateMessage
        icon={Wallet}
        title="No payments yet"
        description="Approving a submission books its payout here. Mark it paid once you have paid the creator."
      />
    );
  return (
    <div className="flex flex-col gap-3">
      <Totals transactions={transactions.data} />
      <div className="rounded-3xl border border-border bg-card p-4 shadow-card sm:p-5">
        <ul aria-label="Payments" className="divide-y divide-border">
          {transactions.data.map((t) => (
            <PaymentRow key={t.id} transaction={t} />
          ))}
        </ul>
      </div>
    </div>
  );
}
