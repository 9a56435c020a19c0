/**
 * One video's analytics (issue 19): its figures beside the median of the caller's videos, what it
 * cost (brand side), its retention curve, views over time with the publication marked, filtered
 * views beside (never in) the counted ones, and its CSV and chart PNGs.
 */

import {
  type AnalyticsSide,
  formatDollarsAndCents,
  type MedianFigures,
  type VideoAnalytics,
  type VideoFigures,
} from '@adreel/domain/analytics-api';
import { ANALYTICS_COST_LABELS } from '@adreel/domain/messages/screens';
import { Download, ImageDown, X } from 'lucide-react';
import { lazy, Suspense, useRef } from 'react';
import { QueryError } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { downloadCsv } from '@/lib/csv';
import { serverMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/format-time';
import { useVideoAnalytics } from '../api/get-video-analytics';
import { downloadChartPng, slug, videoCsv } from '../lib/export';

const RetentionChart = lazy(() =>
  import('./analytics-charts').then((m) => ({ default: m.RetentionChart })),
);
const SeriesChart = lazy(() =>
  import('./analytics-charts').then((m) => ({ default: m.SeriesChart })),
);

const pct = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;
const count = (n: number) => Math.round(n).toLocaleString('en-US');
const perK = (n: number) => n.toFixed(1);

interface Row {
  label: string;
  value: string;
  median: string;
}

function rows(f: VideoFigures, m: MedianFigures): Row[] {
  return [
    { label: 'Counted views', value: count(f.views), median: count(m.views) },
    {
      label: 'Completion rate (90 %)',
      value: pct(f.completionRate),
      median: pct(m.completionRate),
    },
    { label: 'Average watch', value: pct(f.averageWatch), median: pct(m.averageWatch) },
    { label: 'CTA click-through', value: pct(f.clickThroughRate), median: pct(m.clickThroughRate) },
    {
      label: 'Likes per 1,000 views',
      value: perK(f.likesPerThousand),
      median: perK(m.likesPerThousand),
    },
    {
      label: 'Shares per 1,000 views',
      value: perK(f.sharesPerThousand),
      median: perK(m.sharesPerThousand),
    },
  ];
}

function ChartCard({
  title,
  description,
  filename,
  children,
}: {
  title: string;
  description: string;
  filename: string;
  children: React.ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  return (
    <section className="min-w-0 rounded-3xl border border-border bg-card p-4 shadow-card sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 className="font-bold">{title}</h4>
          <p className="text-[0.8125rem] text-muted-foreground">{description}</p>
        </div>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => box.current && void downloadChartPng(box.current, filename)}
        >
          <ImageDown /> PNG
        </Button>
      </div>
      <div ref={box} className="mt-3 h-56 sm:h-64" role="img" aria-label={title}>
        <Suspense fallback={<Skeleton className="size-full rounded-2xl" />}>{children}</Suspense>
      </div>
    </section>
  );
}

function Loaded({ data }: { data: VideoAnalytics }) {
  const { video, median } = data;
  const name = slug(video.title);
  return (
    <div className="flex flex-col gap-4" data-testid="video-analytics">
      <div className="grid gap-4 lg:grid-cols-2">
        <section className="min-w-0 rounded-3xl border border-border bg-card p-4 shadow-card sm:p-5">
          <h4 className="font-bold">Figures</h4>
          <p className="text-[0.8125rem] text-muted-foreground">
            Counted views only; beside each, the median of your {median.videos}{' '}
            {median.videos === 1 ? 'video' : 'videos'} with views.
          </p>
          <table className="mt-3 w-full text-sm tabular-nums">
            <thead>
              <tr className="text-left text-[0.8125rem] text-muted-foreground">
                <th scope="col" className="py-1 font-semibold">
                  <span className="sr-only">Figure</span>
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  This video
                </th>
                <th scope="col" className="py-1 pl-2 text-right font-semibold">
                  Median
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {rows(video.figures, median).map((row) => (
                <tr key={row.label}>
                  <th scope="row" className="py-2 pr-2 text-left font-medium">
                    {row.label}
                  </th>
                  <td className="py-2 text-right font-semibold" data-figure={row.label}>
                    {row.value}
                  </td>
                  <td className="py-2 pl-2 text-right text-muted-foreground">{row.median}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-3 text-[0.8125rem] text-muted-foreground" data-testid="filtered-beside">
            Filtered, not counted: {count(video.figures.filteredViews)}{' '}
            {video.figures.filteredViews === 1 ? 'view' : 'views'}
          </p>
        </section>
        <section className="min-w-0 rounded-3xl border border-border bg-card p-4 shadow-card sm:p-5">
          <h4 className="font-bold">{video.cost ? 'Cost' : 'Totals'}</h4>
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
            {video.cost && (
              <>
                <div>
                  <dt className="text-muted-foreground">Payout</dt>
                  <dd className="text-lg font-bold tabular-nums">
                    {formatDollarsAndCents(video.cost.payoutCents)}
                  </dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">{ANALYTICS_COST_LABELS.perCountedView}</dt>
                  <dd className="text-lg font-bold tabular-nums" data-testid="cost-per-view">
                    {formatDollarsAndCents(video.cost.costPerViewCents)}
                  </dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">
                    {ANALYTICS_COST_LABELS.perCompletedView}
                  </dt>
                  <dd className="text-lg font-bold tabular-nums">
                    {formatDollarsAndCents(video.cost.costPerCompletedViewCents)}
                  </dd>
                </div>
              </>
            )}
            <div>
              <dt className="text-muted-foreground">Completions</dt>
              <dd className="text-lg font-bold tabular-nums">{count(video.figures.completions)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Clicks</dt>
              <dd className="text-lg font-bold tabular-nums" data-testid="video-clicks">
                {count(video.figures.clicks)}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Likes · shares</dt>
              <dd className="text-lg font-bold tabular-nums">
                {count(video.figures.likes)} · {count(video.figures.shares)}
              </dd>
            </div>
          </dl>
          <p className="mt-3 text-[0.8125rem] text-muted-foreground">
            {video.publishedAt ? `Published ${formatDateTime(video.publishedAt)}` : 'Not published'}
            {video.campaignTitle ? ` · ${video.campaignTitle}` : ''}
          </p>
        </section>
      </div>
      <ChartCard
        title="Audience retention"
        description="Share of counted views still watching at each second."
        filename={`retention-${name}.png`}
      >
        <RetentionChart retention={data.retention} median={median.averageWatch} />
      </ChartCard>
      <ChartCard
        title="Over time"
        description="Hourly for the last 48 hours, daily before; filtered views beside the counted ones."
        filename={`over-time-${name}.png`}
      >
        <SeriesChart series={data.series} publishedAt={video.publishedAt} />
      </ChartCard>
      <div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => downloadCsv(`video-${name}.csv`, videoCsv(data))}
        >
          <Download /> Video CSV
        </Button>
      </div>
    </div>
  );
}

export function VideoAnalyticsPanel({
  side,
  videoId,
  title,
  onClose,
}: {
  side: AnalyticsSide;
  videoId: string;
  title: string;
  onClose: () => void;
}) {
  const analytics = useVideoAnalytics(side, videoId);
  return (
    <section
      aria-labelledby="video-analytics-title"
      className="flex min-w-0 flex-col gap-4 rounded-3xl border border-primary/30 bg-muted/30 p-3 sm:p-4"
    >
      <div className="flex items-start justify-between gap-2">
        <h3 id="video-analytics-title" className="min-w-0 font-bold text-lg break-words">
          {title}
        </h3>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close video analytics">
          <X />
        </Button>
      </div>
      {analytics.isPending ? (
        <Skeleton className="h-96 rounded-3xl" role="status" aria-label="Loading video analytics" />
      ) : analytics.isError ? (
        <QueryError
          error={analytics.error}
          title={serverMessage(analytics.error, 'Error loading video analytics')}
          onRetry={() => void analytics.refetch()}
          retrying={analytics.isFetching}
        />
      ) : (
        <Loaded data={analytics.data} />
      )}
    </section>
  );
}
