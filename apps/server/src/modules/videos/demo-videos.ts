/**
 * Demo videos for a first start (issue 4 item 7, issue 18 item 1): six 9:16 ads with a soundtrack,
 * one per demo brand, designed as motion graphics (decision 035: demo-ads/), rendered by ffmpeg on
 * this machine, stored as processed media and published as approved videos of the demo creators,
 * with captions and calls to action, so the feed has real-looking content out of the box.
 *
 * Making them costs seconds of CPU per clip, so main.ts runs this in the background once the server
 * listens, one clip at a time at the lowest CPU priority. Idempotent: nothing happens when demo
 * videos exist (their files are keyed `demo-*`), and the rows go in under an advisory lock, so two
 * processes starting together insert them once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray, like, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { videos } from '../../db/schema/videos';
import { ffmpegPath, POSTER_EXT, posterArgs } from '../../platform/media/ffmpeg';
import type { Storage } from '../../platform/storage/storage';
import { accountDirectory as profiles } from '../auth/auth.directory';
import { ensureDemoCampaignActivity } from '../campaigns/demo-campaigns';
import {
  AERO_RUNNER,
  DEEP_FOCUS,
  MORNING_RITUAL,
  PATTERN_PLAY,
  SPLIT_THE_BILL,
  WEEKEND_DROP,
} from './demo-ads/designs';
import {
  type AdDesign,
  type Fonts,
  renderAd,
  resolveFonts,
  runLowPriority,
} from './demo-ads/render';
import { ensureDemoEngagement } from './demo-engagement';
import { enqueueLadder } from './ladder.queries';

export interface DemoVideo {
  /** The files' key (`videos/<key>.mp4`); demo engagement and campaigns find the videos by it. */
  key: string;
  /** The brand the ad is for (the words in the picture name it). */
  brand: string;
  creatorUsername: string;
  title: string;
  caption: string;
  ctaText: string;
  ctaUrl: string;
  design: AdDesign;
}

export const DEMO_VIDEOS: readonly DemoVideo[] = [
  {
    key: 'demo-aero-runner',
    brand: 'Stride Athletics',
    creatorUsername: 'demo_creator',
    title: 'Aero Runner: first mile',
    caption: 'Laced up before sunrise. The first mile in the Aero Runner feels like flying.',
    ctaText: 'Shop the Aero Runner',
    ctaUrl: 'https://example.com/aero-runner',
    design: AERO_RUNNER,
  },
  {
    key: 'demo-morning-ritual',
    brand: 'Ember & Bean',
    creatorUsername: 'mia_makes',
    title: 'My morning ritual',
    caption: 'Grind, bloom, pour, sip. Ember & Bean makes 7 a.m. worth it.',
    ctaText: 'Try Ember & Bean',
    ctaUrl: 'https://example.com/ember-and-bean',
    design: MORNING_RITUAL,
  },
  {
    key: 'demo-deep-focus',
    brand: 'Hush Audio',
    creatorUsername: 'leo_frames',
    title: 'Deep focus in 10 seconds',
    caption: 'Noise-cancelling that lets the city fade out. Headphones on, world off.',
    ctaText: 'Learn More',
    ctaUrl: 'https://example.com/deep-focus',
    design: DEEP_FOCUS,
  },
  {
    key: 'demo-weekend-drop',
    brand: 'Tidewater Bottles',
    creatorUsername: 'sofia_shoots',
    title: 'Weekend drop',
    caption:
      'Coral Reef drops this weekend. Trail, train or festival: one bottle, refilled. #ad @tidewater',
    ctaText: 'See the drop',
    ctaUrl: 'https://example.com/weekend-drop',
    design: WEEKEND_DROP,
  },
  {
    key: 'demo-pattern-play',
    brand: 'Prisma Sparkling',
    creatorUsername: 'demo_creator',
    title: 'Pattern play',
    caption: 'Six limited-edition cans, one for every mood. Which pattern are you?',
    ctaText: 'Explore patterns',
    ctaUrl: 'https://example.com/pattern-play',
    design: PATTERN_PLAY,
  },
  {
    key: 'demo-split-the-bill',
    brand: 'Pocketly',
    creatorUsername: 'leo_frames',
    title: 'Split the bill in one tap',
    caption: 'Dinner for four, zero awkward maths. Pocketly settles who owes what in one tap.',
    ctaText: 'Get Pocketly',
    ctaUrl: 'https://example.com/pocketly',
    design: SPLIT_THE_BILL,
  },
];

/** Renders one demo ad: H.264/AAC MP4 with +faststart, as processing would leave it. */
async function renderClip(
  demo: DemoVideo,
  work: string,
  output: string,
  fonts: Fonts | null,
): Promise<void> {
  await renderAd(ffmpegPath(), demo.design, work, demo.key, output, fonts);
}

/** The poster at the ad's designed moment: brand, line and product all on screen. */
async function renderPoster(demo: DemoVideo, video: string, output: string): Promise<void> {
  await runLowPriority(ffmpegPath(), posterArgs(video, output, demo.design.posterAt), 60_000);
}

const DEMO_KEY_PATTERN = '/media/videos/demo-%';

export async function demoVideosExist(db: Database): Promise<boolean> {
  return (await db.$count(videos, like(videos.fileUrl, DEMO_KEY_PATTERN))) > 0;
}

export interface DemoVideoDeps {
  db: Database;
  storage: Storage;
  log?: { info(obj: object, msg: string): void };
  /** Only these (for tests); all of DEMO_VIDEOS by default. */
  demos?: readonly DemoVideo[];
}

/**
 * Makes and publishes the demo videos unless they exist; returns how many it inserted (0 when they
 * existed or the demo creators are missing).
 */
export async function ensureDemoVideos(deps: DemoVideoDeps): Promise<number> {
  const { db, storage } = deps;
  const demos = deps.demos ?? DEMO_VIDEOS;
  if (await demoVideosExist(db)) {
    // Demo videos made before they had an engagement history get one now.
    await ensureDemoEngagement(db);
    await ensureDemoCampaignActivity(db);
    return 0;
  }
  const usernames = [...new Set(demos.map((demo) => demo.creatorUsername))];
  const creators = await db
    .select({ userId: profiles.userId, username: profiles.username })
    .from(profiles)
    .where(inArray(profiles.username, usernames));
  const creatorOf = new Map(creators.map((row) => [row.username, row.userId]));
  if (creatorOf.size === 0) return 0;

  const startedAt = Date.now();
  const work = await mkdtemp(path.join(tmpdir(), 'adreel-demo-videos-'));
  const fonts = await resolveFonts();
  const made: { demo: DemoVideo; creatorId: string; fileUrl: string; thumbUrl: string }[] = [];
  try {
    // One at a time: this runs beside a live server and must not take every core.
    for (const demo of demos) {
      const creatorId = creatorOf.get(demo.creatorUsername);
      if (!creatorId) continue;
      const mp4 = path.join(work, `${demo.key}.mp4`);
      const posterFile = path.join(work, `${demo.key}.${POSTER_EXT}`);
      await renderClip(demo, work, mp4, fonts);
      await renderPoster(demo, mp4, posterFile);
      const videoKey = `videos/${demo.key}.mp4`;
      const posterKey = `posters/${demo.key}.${POSTER_EXT}`;
      // Same keys every time: a second process making them too only rewrites identical files.
      await storage.putFile(videoKey, mp4);
      await storage.putFile(posterKey, posterFile);
      made.push({
        demo,
        creatorId,
        fileUrl: storage.publicUrl(videoKey),
        thumbUrl: storage.publicUrl(posterKey),
      });
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }

  const now = Date.now();
  const ids = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('adreel.demo-videos'))`);
    if (await demoVideosExist(tx)) return [];
    const rows = await tx
      .insert(videos)
      .values(
        made.map(({ demo, creatorId, fileUrl, thumbUrl }, index) => {
          // Distinct times keep the demo's order in "newest first" lists.
          const at = new Date(now - index * 60_000);
          return {
            creatorId,
            title: demo.title,
            caption: demo.caption,
            ctaText: demo.ctaText,
            ctaUrl: demo.ctaUrl,
            fileUrl,
            thumbUrl,
            durationSec: demo.design.seconds,
            status: 'approved' as const,
            publishedAt: at,
            createdAt: at,
          };
        }),
      )
      .returning({ id: videos.id });
    return rows.map((row) => row.id);
  });
  // Their lower rungs, as a processed upload gets them (issue 20): the start-up backfill ran
  // before these rows existed.
  for (const id of ids) await enqueueLadder(db, id);
  const inserted = ids.length;
  const windows = await ensureDemoEngagement(db);
  await ensureDemoCampaignActivity(db);
  deps.log?.info(
    {
      inserted,
      windows,
      words: fonts !== null,
      seconds: Math.round((Date.now() - startedAt) / 100) / 10,
    },
    'demo videos ready',
  );
  return inserted;
}

/** The demo video rows, for tests and tools. */
export function listDemoVideos(db: Database) {
  return db.select().from(videos).where(like(videos.fileUrl, DEMO_KEY_PATTERN));
}
