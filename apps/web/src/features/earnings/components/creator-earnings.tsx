import { COMMON_TEXTS, ITALIAN_EMPTY_STATES } from '@adreel/domain';
import { Megaphone, Sprout } from 'lucide-react';
import { Link } from 'react-router';
import { QueryError } from '@/components/query-state';
import { StateMessage } from '@/components/state-message';
import { Button } from '@/components/ui/button';
import { useCreatorEarnings } from '../api/get-creator-earnings';
import { EarningsTotals } from './earnings-totals';
import { TransactionList, TransactionListSkeleton } from './transaction-list';

/** SPEC.md §2: the empty state's exact words. */
export const NO_EARNINGS_MESSAGE = ITALIAN_EMPTY_STATES.earnings;

/** SPEC.md §2 Earnings: the two totals, then the history of transactions. */
export function CreatorEarningsOverview() {
  const earnings = useCreatorEarnings();

  if (earnings.isError) {
    return (
      <QueryError
        error={earnings.error}
        title="Error loading earnings"
        onRetry={() => void earnings.refetch()}
        retrying={earnings.isFetching}
      />
    );
  }

  const data = earnings.data;
  return (
    <div className="flex flex-col gap-8">
      <EarningsTotals
        totalCents={data?.totalCents ?? null}
        paidOutCents={data?.paidOutCents ?? null}
      />
      <section aria-labelledby="history-title" className="flex flex-col gap-4">
        <h2 id="history-title" className="text-lg font-bold tracking-tight">
          Transaction history
        </h2>
        {!data ? (
          <div className="rounded-3xl border border-border bg-card p-4 shadow-card sm:p-5">
            <TransactionListSkeleton />
          </div>
        ) : data.transactions.length === 0 ? (
          // SPEC.md's Italian headline, and its subtitle in Italian too; the button stays English.
          <div lang="it">
            <StateMessage
              icon={Sprout}
              title={NO_EARNINGS_MESSAGE}
              description={ITALIAN_EMPTY_STATES.earningsDetail}
              action={
                <Button asChild>
                  <Link to="/briefs" lang="en">
                    <Megaphone /> {COMMON_TEXTS.browseCampaigns}
                  </Link>
                </Button>
              }
            />
          </div>
        ) : (
          <div className="rounded-3xl border border-border bg-card p-4 shadow-card sm:p-5">
            <TransactionList transactions={data.transactions} />
          </div>
        )}
      </section>
    </div>
  );
}
