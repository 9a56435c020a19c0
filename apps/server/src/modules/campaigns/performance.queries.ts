/**
 * The Performance tab (issue 6): per campaign and per video totals from the videos' running counters,
 * and a daily series from the metrics module's hourly rollups (views counted, likes, shares; decision 032).
 */
import type {
  BrandPerformance,
  FilteredTraffic,
  InvalidTrafficReason,
  PerformanceFigures,
} from '@adreel/domain';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { submissions } from '../../db/schema/submissions';
import { accountDirectoryAs } from '../auth/auth.directory';
import { dailyTotals } from '../metrics/analytics.rollups';
import { filteredViews } from '../metrics/metrics.service';
import { approvedVideoCountersView as videos } from '../videos/videos.directory';

interface Counters {
  views: number;
  likes: number;
  shares: number;
  clicks: number;
  vt90: number;
  /** Sum of watch fraction × views, so a campaign's watch % is weighted by each video's views. */
  watchWeighted: number;
}

function figures(c: Counters): PerformanceFigures {
  return {
    views: c.views,
    likes: c.likes,
    shares: c.shares,
    clicks: c.clicks,
    completionRate: c.views > 0 ? Math.min(1, c.vt90 / c.views) : 0,
    watchRate: c.views > 0 ? c.watchWeighted / c.views : 0,
  };
}

const creatorProfiles = accountDirectoryAs('creator_profiles');

const emptyFiltered = (): FilteredTraffic => ({ views: 0, byReason: {} });

function utcDay(offsetDays: number, now: Date): string {
  const day = new Date(now.getTime() - offsetDays * 86_400_000);
  return day.toISOString().slice(0, 10);
}

export async function brandPerformance(
  db: Database,
  scope: SQL | undefined,
  days: number,
  now: Date = new Date(),
): Promise<BrandPerformance> {
  const campaignRows = await db
    .select({ id: campaigns.id, title: campaigns.title })
    .from(campaigns)
    .where(scope)
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));

  // The videos a brand paid for: entries it approved, live in the feed.
  const videoRows = await db
    .select({
      id: videos.id,
      title: videos.title,
      campaignId: campaigns.id,
      campaignTitle: campaigns.title,
      creatorId: videos.creatorId,
      username: creatorProfiles.username,
      displayName: creatorProfiles.displayName,
      photoUrl: creatorProfiles.photoUrl,
      views: videos.views,
      likes: videos.likes,
      shares: videos.shares,
      clicks: videos.clicks,
      vt90: videos.vt90Count,
      watchTimeAvg: videos.watchTimeAvg,
    })
    .from(submissions)
    .innerJoin(campaigns, eq(campaigns.id, submissions.campaignId))
    .innerJoin(videos, eq(videos.id, submissions.videoId))
    .leftJoin(creatorProfiles, eq(creatorProfiles.userId, videos.creatorId))
    .where(and(scope, eq(submissions.status, 'approved_by_brand')))
    .orderBy(desc(videos.views), desc(videos.id));

  // Issue 16: beside the counted figures, the views kept apart (all time, like the counters).
  const filtered = await filteredViews(
    db,
    videoRows.map((v) => v.id),
  );
  const perCampaignFiltered = new Map<string, FilteredTraffic>();
  for (const v of videoRows) {
    const own = filtered.byVideo.get(v.id);
    if (!own) continue;
    const into = perCampaignFiltered.get(v.campaignId) ?? emptyFiltered();
    into.views += own.views;
    for (const [reason, views] of Object.entries(own.byReason) as Array<
      [InvalidTrafficReason, number]
    >)
      into.byReason[reason] = (into.byReason[reason] ?? 0) + views;
    perCampaignFiltered.set(v.campaignId, into);
  }
  const perCampaign = new Map<string, Counters & { videoCount: number }>();
  for (const c of campaignRows)
    perCampaign.set(c.id, {
      views: 0,
      likes: 0,
      shares: 0,
      clicks: 0,
      vt90: 0,
      watchWeighted: 0,
      videoCount: 0,
    });
  const videoFigures = videoRows.map((v) => {
    const counters: Counters = {
      views: v.views,
      likes: v.likes,
      shares: v.shares,
      clicks: v.clicks,
      vt90: v.vt90,
      watchWeighted: v.watchTimeAvg * v.views,
    };
    const total = perCampaign.get(v.campaignId);
    if (total) {
      total.views += counters.views;
      total.likes += counters.likes;
      total.shares += counters.shares;
      total.clicks += counters.clicks;
      total.vt90 += counters.vt90;
      total.watchWeighted += counters.watchWeighted;
      total.videoCount += 1;
    }
    return {
      id: v.id,
      title: v.title,
      campaignId: v.campaignId,
      campaignTitle: v.campaignTitle,
      creator: {
        id: v.creatorId,
        username: v.username ?? '',
        displayName: v.displayName || v.username || '',
        photoUrl: v.photoUrl,
      },
      ...figures(counters),
      filtered: filtered.byVideo.get(v.id) ?? emptyFiltered(),
      // The watch rate of one video is its own average, not a re-derived one.
      watchRate: v.watchTimeAvg,
    };
  });

  const firstDay = utcDay(days - 1, now);
  const daily = new Map<string, { views: number; likes: number; shares: number }>();
  for (let offset = days - 1; offset >= 0; offset -= 1)
    daily.set(utcDay(offset, now), { views: 0, likes: 0, shares: 0 });

  const ids = videoRows.map((v) => v.id);
  if (ids.length > 0) {
    const since = new Date(`${firstDay}T00:00:00.000Z`);
    for (const row of await dailyTotals(db, ids, since)) {
      const entry = daily.get(row.day);
      if (entry) Object.assign(entry, { views: row.views, likes: row.likes, shares: row.shares });
    }
  }

  return {
    days,
    filtered: filtered.total,
    campaigns: campaignRows.map((c) => {
      const total = perCampaign.get(c.id);
      return {
        id: c.id,
        title: c.title,
        videoCount: total?.videoCount ?? 0,
        filtered: perCampaignFiltered.get(c.id) ?? emptyFiltered(),
        ...figures(
          total ?? { views: 0, likes: 0, shares: 0, clicks: 0, vt90: 0, watchWeighted: 0 },
        ),
      };
    }),
    videos: videoFigures,
    daily: [...daily.entries()].map(([date, counts]) => ({ date, ...counts })),
  };
}
