import {
  type FilteredTraffic as Filtered,
  INVALID_TRAFFIC_REASON_LABELS,
  INVALID_TRAFFIC_REASONS,
  SCREEN_TITLES,
} from '@adreel/domain';
import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';

/** "Known bot or automated browser 20, Replayed impression 17": the reasons with any, most first. */
export function filteredReasons(filtered: Filtered): string {
  return INVALID_TRAFFIC_REASONS.map((reason) => [reason, filtered.byReason[reason] ?? 0] as const)
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1])
    .map(
      ([reason, count]) =>
        `${INVALID_TRAFFIC_REASON_LABELS[reason]} ${count.toLocaleString('en-US')}`,
    )
    .join(', ');
}

/**
 * Beside counted views (issue 16): the views that were not counted, with their reasons, and a link
 * to the page that says how Adreel counts.
 */
export function FilteredTraffic({
  filtered,
  className,
}: {
  filtered: Filtered;
  className?: string;
}) {
  const reasons = filteredReasons(filtered);
  return (
    <p
      className={cn(
        'flex items-start gap-2 text-[0.8125rem] leading-relaxed text-pretty text-muted-foreground',
        className,
      )}
    >
      <ShieldCheck className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
      <span>
        Views are counted views only.{' '}
        <span className="font-semibold text-foreground tabular-nums">
          Filtered: {filtered.views.toLocaleString('en-US')}
        </span>
        {reasons && <span className="tabular-nums"> ({reasons})</span>}.{' '}
        <Link
          to="/how-we-count"
          className="font-semibold whitespace-nowrap text-primary underline-offset-4 hover:underline focus-visible:underline"
        >
          {SCREEN_TITLES.howWeCount}
        </Link>
      </span>
    </p>
  );
}
