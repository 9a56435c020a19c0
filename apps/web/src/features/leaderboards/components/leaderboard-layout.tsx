import {
  COMMON_TEXTS,
  FEED_MESSAGES,
  LEADERBOARD_MIN_VIEWS,
  LEADERBOARD_WINDOW_DAYS,
  SCREEN_TITLES,
} from '@adreel/domain';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-state';
import { StateMessage } from '@/components/state-message';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

function BoardSwitch() {
  const link = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-full px-4 py-1.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-ring',
      isActive
        ? 'bg-background text-foreground shadow-card'
        : 'text-muted-foreground hover:text-foreground',
    );
  return (
    <nav aria-label="Switch leaderboard" className="flex w-fit rounded-full bg-muted p-1">
      <NavLink to="/leaderboard/videos" className={link}>
        Videos
      </NavLink>
      <NavLink to="/leaderboard/creators" className={link}>
        Creators
      </NavLink>
    </nav>
  );
}

/** What both boards rank (issue 18): videos nobody watched yet stay off them. */
export const RANKED_AMONG = `Ranked among videos with at least ${LEADERBOARD_MIN_VIEWS} counted views.`;

/**
 * The frame both leaderboards share: title, what is ranked, the switch between them, and the board.
 */
export function LeaderboardLayout({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 pt-8 pb-16 sm:px-6 sm:pt-12 lg:px-8">
      <PageHeader
        eyebrow={`Leaderboard · last ${LEADERBOARD_WINDOW_DAYS} days`}
        title={title}
        description={
          <>
            {description}
            <span className="mt-1 block text-sm">
              {RANKED_AMONG}{' '}
              <Link to="/how-we-count" className="font-medium underline underline-offset-2">
                {SCREEN_TITLES.howWeCount}
              </Link>
            </span>
          </>
        }
        actions={<BoardSwitch />}
      />
      {children}
    </div>
  );
}

export function LeaderboardError({ onRetry, error }: { onRetry: () => void; error?: unknown }) {
  return (
    <QueryError
      error={error}
      title={FEED_MESSAGES.leaderboardFailed}
      description={COMMON_TEXTS.checkConnection}
      onRetry={onRetry}
    />
  );
}

export function LeaderboardEmpty({
  icon,
  title,
  description,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
}) {
  return <StateMessage icon={icon} title={title} description={description} />;
}

export function LeaderboardSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-8">
      <div className="grid grid-cols-3 items-end gap-3 sm:gap-4">
        {[1, 0, 2].map((rank) => (
          <Skeleton key={rank} className={cn('rounded-3xl', rank === 0 ? 'h-64' : 'h-56')} />
        ))}
      </div>
      <div className="flex flex-col gap-2">
        {[0, 1, 2, 3, 4].map((row) => (
          <Skeleton key={row} className="h-14 rounded-2xl" />
        ))}
      </div>
    </div>
  );
}

const MEDAL = [
  'from-amber-300 to-amber-500',
  'from-zinc-200 to-zinc-400',
  'from-orange-300 to-orange-600',
];

/** The rank as a medal on the podium. */
export function Medal({ rank, className }: { rank: number; className?: string }) {
  return (
    <span
      className={cn(
        'grid size-8 shrink-0 place-items-center rounded-full bg-gradient-to-br text-sm font-extrabold text-ink shadow-card tabular-nums',
        MEDAL[rank - 1] ?? 'from-muted to-muted',
        className,
      )}
    >
      <span className="sr-only">Rank </span>
      {rank}
    </span>
  );
}

/**
 * The top three as a podium: first in the middle and raised, second on the left, third on the
 * right (SPEC.md §2: podium shows 3).
 */
export function Podium<T>({
  items,
  rankOf,
  keyOf,
  label,
  children,
}: {
  items: T[];
  rankOf: (item: T) => number;
  keyOf: (item: T) => string;
  label: string;
  children: (item: T) => ReactNode;
}) {
  const top = items.slice(0, 3);
  const order = (rank: number) => (rank === 1 ? 'order-2' : rank === 2 ? 'order-1' : 'order-3');
  return (
    <ol aria-label={label} className="grid grid-cols-3 items-end gap-2.5 sm:gap-4">
      {top.map((item) => {
        const rank = rankOf(item);
        return (
          <li
            key={keyOf(item)}
            className={cn('min-w-0', order(rank), rank !== 1 && 'pt-6 sm:pt-10')}
          >
            {children(item)}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The full table from `sm` up (it scrolls sideways if it must, its first column held in place); a
 * phone gets the same rows stacked instead (PhoneRows).
 */
export function BoardTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="hidden overflow-x-auto rounded-3xl border border-border shadow-card sm:block">
      <table aria-label={label} className="w-full min-w-[40rem] border-collapse text-left text-sm">
        {children}
      </table>
    </div>
  );
}

export const th =
  'bg-muted px-3 py-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase';
export const td = 'border-t border-border px-3 py-3 tabular-nums';
export const stickyCell = 'sticky left-0 z-[1] bg-background';

/** The table's rows stacked for a phone: each row's figures under its name, the score beside. */
export function PhoneRows({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ol
      aria-label={label}
      className="flex flex-col divide-y divide-border overflow-hidden rounded-3xl border border-border shadow-card sm:hidden"
    >
      {children}
    </ol>
  );
}

export function PhoneRow({
  rank,
  media,
  title,
  subtitle,
  figures,
  exactFigures,
  score,
  scoreLabel,
  to,
}: {
  rank: number;
  media: ReactNode;
  title: string;
  subtitle: string;
  figures: string;
  /** `figures` read out in full, where "K" rounds the counts ("12,345 views"). */
  exactFigures?: string;
  score: string;
  scoreLabel: string;
  to: string;
}) {
  return (
    <li>
      <Link to={to} className="flex items-center gap-3 px-3 py-3 active:bg-muted">
        <span className="w-5 shrink-0 text-right text-sm font-bold text-muted-foreground tabular-nums">
          <span className="sr-only">Rank </span>
          {rank}
        </span>
        {media}
        <span className="min-w-0 flex-1">
          <span className="line-clamp-2 text-sm leading-snug font-semibold">{title}</span>
          <span className="block truncate text-xs text-muted-foreground">{subtitle}</span>
          <span className="block text-xs text-muted-foreground tabular-nums">
            <span aria-hidden={exactFigures ? 'true' : undefined}>{figures}</span>
            {exactFigures && <span className="sr-only">{exactFigures}</span>}
          </span>
        </span>
        <span className="flex shrink-0 flex-col items-end">
          <span className="text-lg leading-none font-extrabold tabular-nums">{score}</span>
          <span className="mt-0.5 text-[0.6875rem] text-muted-foreground">{scoreLabel}</span>
        </span>
      </Link>
    </li>
  );
}
