/**
 * The caller's videos' analytics (issue 19), live: per video the counted figures and (brand side)
 * what a counted and a completed view cost, per campaign and overall; opening a video shows its
 * retention curve and series. Lists, not wide tables, so a phone reads it without scrolling sideways.
 */

import {
  type AnalyticsOverview,
  type AnalyticsSide,
  type AnalyticsVideo,
  formatDollarsAndCents,
} from '@adreel/domain/analytics-api';
import { ANALYTICS_COST_LABELS } from '@adreel/domain/messages/screens';
import { BarChart3, Download } from 'lucide-react';
import { useState } from 'react';
import { QueryError } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { downloadCsv } from '@/lib/csv';
import { serverMessage } from '@/lib/error-message';
import { useAnalyticsOverview } from '../api/get-analytics-overview';
import type { LiveState } from '../api/use-live-analytics';
import { campaignCsv, slug } from '../lib/export';
import { LiveBadge } from './live-badge';
import { VideoAnalyticsPanel } from './video-analytics-panel';

const pct = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;
const count = (n: number) => n.toLocaleString('en-US');

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="truncate text-[0.75rem] text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function VideoRow({
  video,
  side,
  onOpen,
}: {
  video: AnalyticsVideo;
  side: AnalyticsSide;
  onOpen: () => void;
}) {
  const f = video.figures;
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:px-5" data-video-id={video.id}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="line-clamp-2 font-semibold break-words">{video.title}</p>
          <p className="truncate text-[0.8125rem] text-muted-foreground">
            {[video.campaignTitle, side === 'brand' ? video.creatorName : null]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={onOpen} className="shrink-0">
          <BarChart3 /> Analytics
        </Button>
      </div>
      <dl className="grid grid-cols-3 gap-x-3 gap-y-1 text-sm sm:grid-cols-6">
        <Figure label="Views" value={count(f.views)} testId="row-views" />
        <Figure label="Completion" value={pct(f.completionRate)} />
        <Figure label="Avg. watch" value={pct(f.averageWatch)} />
        <Figure label="CTR" value={pct(f.clickThroughRate)} />
        <Figure label="Filtered" value={count(f.filteredViews)} />
        {video.cost ? (
          <Figure label="Per view" value={formatDollarsAndCents(video.cost.costPerViewCents)} />
        ) : (
          <Figure label="Likes/1K" value={f.likesPerThousand.toFixed(1)} />
        )}
      </dl>
    </li>
  );
}

function Money({ data }: { data: AnalyticsOverview }) {
  if (!data.overall) return null;
  return (
    <section
      aria-labelledby="cost-title"
      className="min-w-0 rounded-3xl border border-border bg-card shadow-card"
    >
      <h4 id="cost-title" className="px-4 pt-4 font-bold sm:px-5">
        Cost per view
      </h4>
      <p className="px-4 text-[0.8125rem] text-muted-foreground sm:px-5">
        Payouts divided by counted views and by completed views (watched to 90 %).
      </p>
      <ul className="mt-2 divide-y divide-border">
        <li className="grid grid-cols-2 gap-2 px-4 py-3 text-sm sm:grid-cols-4 sm:px-5">
          <p className="col-span-2 font-semibold sm:col-span-1">All campaigns</p>
          <Cost cost={data.overall} />
        </li>
        {data.campaigns.map((c) => (
          <li
            key={c.id}
            className="grid grid-cols-2 items-center gap-2 px-4 py-3 text-sm sm:grid-cols-4 sm:px-5"
          >
            <div className="col-span-2 flex min-w-0 items-center justify-between gap-2 sm:col-span-1">
              <p className="truncate font-semibold">{c.title}</p>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Download CSV of ${c.title}`}
                onClick={() =>
                  downloadCsv(`campaign-${slug(c.title)}.csv`, campaignCsv(data, c.id))
                }
              >
                <Download /> CSV
              </Button>
            </div>
            <Cost cost={c.cost} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Cost({ cost }: { cost: NonNullable<AnalyticsOverview['overall']> }) {
  return (
    <>
      <p className="tabular-nums">
        <span className="block text-[0.75rem] text-muted-foreground">
          {ANALYTICS_COST_LABELS.perCountedView}
        </span>
        {formatDollarsAndCents(cost.costPerViewCents)}
      </p>
      <p className="tabular-nums">
        <span className="block text-[0.75rem] text-muted-foreground">
          {ANALYTICS_COST_LABELS.perCompletedView}
        </span>
        {formatDollarsAndCents(cost.costPerCompletedViewCents)}
      </p>
      <p className="col-span-2 tabular-nums sm:col-span-1">
        <span className="block text-[0.75rem] text-muted-foreground">Payouts · views</span>
        {formatDollarsAndCents(cost.payoutCents)} · {count(cost.views)}
      </p>
    </>
  );
}

export function AnalyticsOverviewView({
  side,
  live,
  title,
  empty,
}: {
  side: AnalyticsSide;
  live: LiveState;
  title: string;
  empty: string;
}) {
  const overview = useAnalyticsOverview(side);
  const [open, setOpen] = useState<AnalyticsVideo | null>(null);
  return (
    <section aria-labelledby={`analytics-${side}-title`} className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`analytics-${side}-title`} className="text-lg font-bold">
          {title}
        </h3>
        <LiveBadge state={live} />
      </div>
      {overview.isPending ? (
        <Skeleton className="h-48 rounded-3xl" role="status" aria-label="Loading analytics" />
      ) : overview.isError ? (
        <QueryError
          error={overview.error}
          title={serverMessage(overview.error, 'Error loading analytics')}
          onRetry={() => void overview.refetch()}
          retrying={overview.isFetching}
        />
      ) : overview.data.videos.length === 0 ? (
        <p className="rounded-3xl border border-border bg-card px-5 py-8 text-center text-sm text-muted-foreground">
          {empty}
        </p>
      ) : (
        <>
          {open && (
            <VideoAnalyticsPanel
              side={side}
              videoId={open.id}
              title={open.title}
              onClose={() => setOpen(null)}
            />
          )}
          <Money data={overview.data} />
          <section
            aria-label="Videos"
            className="min-w-0 rounded-3xl border border-border bg-card shadow-card"
          >
            <ul className="divide-y divide-border">
              {overview.data.videos.map((video) => (
                <VideoRow
                  key={video.id}
                  video={video}
                  side={side}
                  onOpen={() => {
                    setOpen(video);
                    requestAnimationFrame(() =>
                      document
                        .getElementById('video-analytics-title')
                        ?.scrollIntoView({ block: 'start', behavior: 'smooth' }),
                    );
                  }}
                />
              ))}
            </ul>
          </section>
        </>
      )}
    </section>
  );
}
