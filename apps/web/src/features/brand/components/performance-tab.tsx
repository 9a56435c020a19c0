import type {
  BrandPerformance,
  FilteredTraffic as Filtered,
  PerformanceFigures,
} from '@adreel/domain';
import { Download, Eye, Heart, MousePointerClick, Share2, TrendingUp } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { FilteredTraffic, filteredReasons } from '@/components/filtered-traffic';
import { QueryError } from '@/components/query-state';
import { StateMessage } from '@/components/state-message';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { StatTile } from '@/components/ui/stat-tile';
import { downloadCsv } from '@/lib/csv';
import { serverMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';
import { useBrandPerformance } from '../api/get-brand-performance';
import { performanceCsv } from '../lib/performance-csv';

const PerformanceChart = lazy(() => import('./performance-chart'));

const pct = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;

/** Exact figures: a brand reads these against its spend, where "0.0K" would hide eleven likes. */
function total(rows: PerformanceFigures[], key: 'views' | 'likes' | 'shares' | 'clicks') {
  return rows.reduce((sum, row) => sum + row[key], 0).toLocaleString('en-US');
}

/** The chart's windows; a week by default, where a new campaign's first days are readable. */
const WINDOWS = [7, 30, 90] as const;

/** A figure cell: on a phone it stacks under its column's name, which the hidden header gives. */
const cell = (edge = false) =>
  cn(
    'py-3 text-right whitespace-nowrap',
    edge ? 'sm:px-5' : 'sm:px-3',
    'max-sm:flex max-sm:flex-col max-sm:p-0 max-sm:text-left max-sm:before:text-xs max-sm:before:font-medium max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]',
  );

const COLUMNS = ['Views', 'Filtered', 'Likes', 'Shares', 'Clicks', 'Completion', 'Watch %'];

/**
 * One table on a laptop. On a phone each row becomes a card of its figures, four to a line, each
 * under its column's name: a table eight columns wide scrolled sideways there and cut Shares off
 * at the edge (issue 18). The header stays for screen readers.
 */
function FiguresTable({
  caption,
  rows,
  first,
}: {
  caption: string;
  rows: (PerformanceFigures & { id: string; label: string; sub?: string; filtered: Filtered })[];
  first: string;
}) {
  return (
    <div className="rounded-3xl border border-border bg-card shadow-card sm:overflow-x-auto">
      <table className="w-full text-sm sm:min-w-[44rem]">
        <caption className="px-5 pt-4 pb-2 text-left font-bold">{caption}</caption>
        <thead className="max-sm:sr-only">
          <tr className="border-b border-border text-left text-[0.8125rem] text-muted-foreground">
            <th scope="col" className="px-5 py-2 font-semibold">
              {first}
            </th>
            {COLUMNS.map((name, index) => (
              <th
                key={name}
                scope="col"
                className={cn(
                  'py-2 text-right font-semibold whitespace-nowrap',
                  index === COLUMNS.length - 1 ? 'px-5' : 'px-3',
                )}
              >
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border tabular-nums">
          {rows.map((row) => (
            <tr
              key={row.id}
              className="max-sm:grid max-sm:grid-cols-4 max-sm:gap-x-3 max-sm:gap-y-2.5 max-sm:px-5 max-sm:py-4"
            >
              <th
                scope="row"
                className="max-w-[16rem] px-5 py-3 text-left font-semibold max-sm:col-span-4 max-sm:max-w-none max-sm:p-0"
              >
                <span className="line-clamp-1">{row.label}</span>
                {row.sub && (
                  <span className="block truncate text-[0.8125rem] font-normal text-muted-foreground">
                    {row.sub}
                  </span>
                )}
              </th>
              <td data-label="Views" className={cell()}>
                {row.views.toLocaleString('en-US')}
              </td>
              <td
                data-label="Filtered"
                className={cn(cell(), 'text-muted-foreground')}
                title={filteredReasons(row.filtered) || undefined}
              >
                {row.filtered.views.toLocaleString('en-US')}
              </td>
              <td data-label="Likes" className={cell()}>
                {row.likes.toLocaleString('en-US')}
              </td>
              <td data-label="Shares" className={cell()}>
                {row.shares.toLocaleString('en-US')}
              </td>
              <td data-label="Clicks" className={cell()}>
                {row.clicks.toLocaleString('en-US')}
              </td>
              <td data-label="Completion" className={cell()}>
                {pct(row.completionRate)}
              </td>
              <td data-label="Watch %" className={cell(true)}>
                {pct(row.watchRate)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Loaded({
  data,
  days,
  onDaysChange,
}: {
  data: BrandPerformance;
  days: number;
  onDaysChange: (days: number) => void;
}) {
  const hasActivity = data.daily.some((d) => d.views + d.likes + d.shares > 0);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          The videos you approved, since they went live.
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            downloadCsv(
              `performance-${new Date().toISOString().slice(0, 10)}.csv`,
              performanceCsv(data),
            )
          }
        >
          <Download /> Export CSV
        </Button>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile label="Views" icon={Eye} accent value={total(data.campaigns, 'views')} />
        <StatTile label="Likes" icon={Heart} value={total(data.campaigns, 'likes')} />
        <StatTile label="Shares" icon={Share2} value={total(data.campaigns, 'shares')} />
        <StatTile label="Clicks" icon={MousePointerClick} value={total(data.campaigns, 'clicks')} />
      </dl>
      <FilteredTraffic filtered={data.filtered} className="-mt-3" />
      <section
        aria-labelledby="chart-title"
        className="rounded-3xl border border-border bg-card p-4 shadow-card sm:p-5"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="chart-title" className="font-bold">
            Daily views, likes and shares
          </h3>
          <fieldset className="flex gap-1" aria-label="Chart period">
            {WINDOWS.map((window) => (
              <Button
                key={window}
                size="sm"
                variant={days === window ? 'secondary' : 'ghost'}
                aria-pressed={days === window}
                className="h-7 rounded-full px-2.5"
                onClick={() => onDaysChange(window)}
              >
                {window} days
              </Button>
            ))}
          </fieldset>
        </div>
        {hasActivity ? (
          <div
            className="mt-3 h-64 sm:h-72"
            role="img"
            aria-label="Chart of daily views, likes and shares"
          >
            <Suspense fallback={<Skeleton className="size-full rounded-2xl" />}>
              <PerformanceChart daily={data.daily} />
            </Suspense>
          </div>
        ) : (
          <p className="mt-3 py-10 text-center text-sm text-muted-foreground">
            No views, likes or shares in the last {data.days} days yet.
          </p>
        )}
      </section>
      {data.campaigns.length > 0 && (
        <FiguresTable
          caption="By campaign"
          first="Campaign"
          rows={data.campaigns.map((c) => ({
            ...c,
            label: c.title,
            sub: `${c.videoCount} ${c.videoCount === 1 ? 'video' : 'videos'}`,
          }))}
        />
      )}
      {data.videos.length > 0 && (
        <FiguresTable
          caption="By video"
          first="Video"
          rows={data.videos.map((v) => ({
            ...v,
            label: v.title,
            sub: `${v.campaignTitle} · @${v.creator.username}`,
          }))}
        />
      )}
    </div>
  );
}

/** SPEC.md §2 Performance: views, likes, shares, clicks, completion and watch %, over time. */
export function PerformanceTab() {
  const [days, setDays] = useState<number>(WINDOWS[0]);
  const performance = useBrandPerformance(days);
  if (performance.isPending)
    return (
      <div className="flex flex-col gap-6" role="status" aria-label="Loading performance">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-28 rounded-3xl" />
          ))}
        </div>
        <Skeleton className="h-72 rounded-3xl" />
      </div>
    );
  if (performance.isError)
    return (
      <QueryError
        error={performance.error}
        title={serverMessage(performance.error, 'Error loading performance')}
        onRetry={() => void performance.refetch()}
        retrying={performance.isFetching}
      />
    );
  if (performance.data.campaigns.length === 0)
    return (
      <StateMessage
        icon={TrendingUp}
        title="No performance yet"
        description="Create a campaign and approve entries: their views, likes, shares and clicks show up here."
      />
    );
  return <Loaded data={performance.data} days={days} onDaysChange={setDays} />;
}
