import { formatWholeDollars } from '@adreel/domain';
import { CircleDollarSign, Wallet } from 'lucide-react';
import { StatTile } from '@/components/ui/stat-tile';

const dollars = (cents: number | null) => (cents === null ? null : formatWholeDollars(cents));

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
      <StatTile
        label="Total earnings"
        value={dollars(totalCents)}
        icon={CircleDollarSign}
        accent
        size="lg"
      />
      <StatTile
        label="Paid out"
        value={dollars(paidOutCents)}
        size="lg"
        icon={Wallet}
        note={owed ? `${formatWholeDollars(owed)} on its way from brands` : undefined}
      />
    </dl>
  );
}
