/**
 * A plausible engagement history for the demo videos (issue 5 item 7), so that a first start shows a
 * ranked feed and leaderboards: view windows spread since each video's publication with furthest
 * fractions around a per-video mean (some viewers scroll away before the 3 s view), clicks, likes
 * and shares from the demo accounts. Counters are then derived from those rows, as the metrics
 * endpoint would have left them, and scores recomputed.
 *
 * Idempotent: it runs only when no demo video has any view window yet, under an advisory lock, in one
 * transaction with a few multi-row statements (well under a second).
 */
import { randomUUID } from 'node:crypto';
import { inArray, like, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { videos } from '../../db/schema/videos';
import { accountDirectory as profiles } from '../auth/auth.directory';
import {
  anyViewWindows,
  type DemoLike,
  type DemoShare,
  type DemoViewWindow,
  insertDemoEngagementRows,
} from '../engagement/engagement.demo';
import { rollUpViewWindows } from '../metrics/analytics.rollups';
import { recomputeAllScores } from '../ranking/ranking.service';

/** Per demo (by its key): how big and how good its audience was. */
interface Audience {
  views: number;
  /** Mean furthest fraction of a counted view. */
  watch: number;
  /** Share of counted views that clicked the call to action. */
  clickRate: number;
  likes: number;
  shares: number;
  /** When it was published, in hours before now. */
  publishedHoursAgo: number;
}

export const DEMO_AUDIENCES: Readonly<Record<string, Audience>> = {
  'demo-aero-runner': {
    views: 260,
    watch: 0.78,
    clickRate: 0.12,
    likes: 6,
    shares: 9,
    publishedHoursAgo: 30,
  },
  'demo-morning-ritual': {
    views: 180,
    watch: 0.66,
    clickRate: 0.07,
    likes: 5,
    shares: 4,
    publishedHoursAgo: 9,
  },
  'demo-deep-focus': {
    views: 95,
    watch: 0.86,
    clickRate: 0.1,
    likes: 7,
    shares: 6,
    publishedHoursAgo: 52,
  },
  'demo-weekend-drop': {
    views: 320,
    watch: 0.42,
    clickRate: 0.05,
    likes: 3,
    shares: 2,
    publishedHoursAgo: 20,
  },
  'demo-pattern-play': {
    views: 70,
    watch: 0.55,
    clickRate: 0.03,
    likes: 2,
    shares: 1,
    publishedHoursAgo: 4,
  },
  'demo-split-the-bill': {
    views: 140,
    watch: 0.61,
    clickRate: 0.09,
    likes: 4,
    shares: 5,
    publishedHoursAgo: 14,
  },
};

/** The demo accounts who like and share. */
const DEMO_FANS = [
  'demo_viewer',
  'demo_brand',
  'demo_admin',
  'mia_makes',
  'leo_frames',
  'sofia_shoots',
  'demo_creator',
];

/** A small seeded generator: the same history on every first start (mulberry32). */
function seeded(seedText: string): () => number {
  let seed = 0;
  for (const char of seedText) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round4 = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 10_000) / 10_000;

const DEMO_KEY = /\/videos\/(demo-[a-z-]+)\.mp4$/;

/** Adds the history unless some demo video already has one; returns how many windows it added. */
export async function ensureDemoEngagement(db: Database, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('adreel.demo-engagement'))`);
    const demos = await tx
      .select({
        id: videos.id,
        fileUrl: videos.fileUrl,
        publishedAt: videos.publishedAt,
        durationSec: videos.durationSec,
      })
      .from(videos)
      .where(like(videos.fileUrl, '/media/videos/demo-%'));
    if (demos.length === 0) return 0;
    const ids = demos.map((d) => d.id);
    if (await anyViewWindows(tx, ids)) return 0;

    const fans = await tx
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(inArray(profiles.username, DEMO_FANS));
    const windows: DemoViewWindow[] = [];
    const likeRows: DemoLike[] = [];
    const shareRows: DemoShare[] = [];
    const hour = 3_600_000;

    for (const demo of demos) {
      const key = DEMO_KEY.exec(demo.fileUrl ?? '')?.[1];
      const audience = key ? DEMO_AUDIENCES[key] : undefined;
      if (!audience) continue;
      const random = seeded(key ?? demo.id);
      const publishedAt = new Date(now.getTime() - audience.publishedHoursAgo * hour);
      await tx.execute(
        sql`update videos set published_at = ${publishedAt.toISOString()}::timestamptz, created_at = least(created_at, ${publishedAt.toISOString()}::timestamptz) where id = ${demo.id}`,
      );
      const span = now.getTime() - publishedAt.getTime() - 60_000;
      // About one in five who saw it scrolled on within 3 s: a window without a view.
      const skipped = Math.round(audience.views / 4);
      for (let i = 0; i < audience.views + skipped; i += 1) {
        const counted = i < audience.views;
        const at = new Date(publishedAt.getTime() + random() * span);
        const furthest = counted
          ? round4(audience.watch + (random() + random() + random() - 1.5) * 0.45)
          : round4(random() * 0.25);
        const clicked = counted && random() < audience.clickRate;
        windows.push({
          videoId: demo.id,
          viewerKey: `d:${randomUUID()}`,
          furthestFraction: furthest,
          countedAt: counted ? new Date(at.getTime() + 3000) : null,
          reached50: furthest >= 0.5,
          reached90: furthest >= 0.9,
          clickedAt: clicked ? new Date(at.getTime() + 5000) : null,
          createdAt: at,
        });
      }
      for (const fan of fans.slice(0, audience.likes))
        likeRows.push({ userId: fan.userId, videoId: demo.id });
      for (let i = 0; i < audience.shares && fans.length > 0; i += 1)
        shareRows.push({
          userId: fans[i % fans.length]?.userId ?? '',
          videoId: demo.id,
          createdAt: new Date(publishedAt.getTime() + random() * span),
        });
    }

    await insertDemoEngagementRows(tx, windows, likeRows, shareRows);

    // The counters as the metrics endpoint and the like and share endpoints keep them: from the rows.
    await tx.execute(sql`
      update videos v set
        views = e.views, vt50_count = e.vt50, vt90_count = e.vt90, clicks = e.clicks,
        watch_time_avg = e.watch,
        likes = (select count(*) from likes l where l.video_id = v.id),
        shares = (select count(*) from shares s where s.video_id = v.id)
      from (
        select video_id,
          count(*) filter (where counted_at is not null)::int as views,
          count(*) filter (where counted_at is not null and reached_50)::int as vt50,
          count(*) filter (where counted_at is not null and reached_90)::int as vt90,
          count(*) filter (where clicked_at is not null)::int as clicks,
          coalesce(avg(furthest_fraction::float8) filter (where counted_at is not null), 0) as watch
        from view_events
        where video_id = any(${`{${ids.join(',')}}`}::uuid[])
        group by video_id
      ) e
      where v.id = e.video_id`);
    // Issue 19: the analytics rollups, from the same rows.
    await rollUpViewWindows(tx, demos);
    await recomputeAllScores(tx);
    return windows.length;
  });
}
