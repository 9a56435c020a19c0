/**
 * Demo videos for a first start (issue 4 item 7): a handful of distinct 9:16 ads with sound, made
 * with ffmpeg from its built-in sources, stored as processed media and published as approved videos
 * of the demo creators, with captions and calls to action, so the feed has content out of the box.
 *
 * Making them costs seconds of CPU per clip (all five: about 16 s on a busy two-core machine), so
 * main.ts runs this in the background once the server listens. Idempotent: nothing happens when
 * demo videos exist (their files are keyed `demo-*`), and the rows go in under an advisory lock, so
 * two processes starting together insert them once.
 */
import { execFile } from 'node:child_process';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { inArray, like, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { videos } from '../../db/schema/videos';
import { ffmpegPath, POSTER_EXT, posterArgs } from '../../platform/media/ffmpeg';
import type { Storage } from '../../platform/storage/storage';
import { accountDirectory as profiles } from '../auth/auth.directory';
import { ensureDemoCampaignActivity } from '../campaigns/demo-campaigns';
import { ensureDemoEngagement } from './demo-engagement';

const exec = promisify(execFile);

/** ffmpeg at the lowest CPU priority: live requests and uploads' processing go first. */
function run(file: string, args: string[], options: { timeout: number }) {
  const pending = exec(file, args, options);
  const pid = pending.child.pid;
  if (pid !== undefined) {
    try {
      setPriority(pid, 19);
    } catch {
      // Not allowed here: it simply runs at normal priority.
    }
  }
  return pending;
}

export interface DemoVideo {
  key: string;
  creatorUsername: string;
  title: string;
  caption: string;
  ctaText: string;
  ctaUrl: string;
  /** An ffmpeg lavfi video source (filters allowed) giving 720×1280. */
  source: string;
  toneHz: number;
  seconds: number;
  /** Words drawn on the picture when ffmpeg has drawtext and a font. */
  overlay: string;
}

const SIZE = '720x1280';
/**
 * life and mandelbrot cost seconds per frame at full size: they are drawn at a quarter (or a
 * sixteenth) of it and scaled up, which keeps all five clips within ~20 s of one busy core.
 */
const UPSCALE = 'scale=720:1280';

export const DEMO_VIDEOS: readonly DemoVideo[] = [
  {
    key: 'demo-aero-runner',
    creatorUsername: 'demo_creator',
    title: 'Aero Runner: first mile',
    caption: 'Laced up before sunrise. The first mile in the Aero Runner feels like flying.',
    ctaText: 'Shop the Aero Runner',
    ctaUrl: 'https://example.com/aero-runner',
    source: `testsrc2=size=${SIZE}:rate=24`,
    toneHz: 440,
    seconds: 10,
    overlay: 'AERO RUNNER',
  },
  {
    key: 'demo-morning-ritual',
    creatorUsername: 'mia_makes',
    title: 'My morning ritual',
    caption: 'Grind, bloom, pour, sip. Ember & Bean makes 7 a.m. worth it.',
    ctaText: 'Try Ember & Bean',
    ctaUrl: 'https://example.com/ember-and-bean',
    source: `life=size=180x320:rate=24:mold=10:ratio=0.3:life_color=#c8782a:death_color=#2b1608,${UPSCALE}:flags=neighbor`,
    toneHz: 330,
    seconds: 9,
    overlay: 'MORNING RITUAL',
  },
  {
    key: 'demo-deep-focus',
    creatorUsername: 'leo_frames',
    title: 'Deep focus in 10 seconds',
    caption: 'Noise-cancelling that lets the city fade out. Headphones on, world off.',
    ctaText: 'Learn More',
    ctaUrl: 'https://example.com/deep-focus',
    source: `mandelbrot=size=360x640:rate=24:maxiter=512,${UPSCALE}`,
    toneHz: 523,
    seconds: 8,
    overlay: 'DEEP FOCUS',
  },
  {
    key: 'demo-weekend-drop',
    creatorUsername: 'sofia_shoots',
    title: 'Weekend drop',
    caption: 'Colour-blocked and ready for the weekend. New drop, limited run.',
    ctaText: 'See the drop',
    ctaUrl: 'https://example.com/weekend-drop',
    source: `smptehdbars=size=${SIZE}:rate=24`,
    toneHz: 262,
    seconds: 11,
    overlay: 'WEEKEND DROP',
  },
  {
    key: 'demo-pattern-play',
    creatorUsername: 'demo_creator',
    title: 'Pattern play',
    caption: 'Every pattern tells a story. Ours starts with a single line.',
    ctaText: 'Explore patterns',
    ctaUrl: 'https://example.com/pattern-play',
    source: `cellauto=size=${SIZE}:rate=24:rule=110:random_fill_ratio=0.5`,
    toneHz: 392,
    seconds: 12,
    overlay: 'PATTERN PLAY',
  },
];

const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
];

function overlayFilter(demo: DemoVideo, font: string | null): string {
  const fontArg = font ? `fontfile=${font}:` : '';
  const text = demo.overlay.replace(/[^A-Z0-9 &]/gi, '');
  return `drawtext=${fontArg}text='${text}':fontsize=72:fontcolor=white:borderw=4:bordercolor=black:x=(w-tw)/2:y=h*0.72`;
}

function fileExists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** Renders one demo clip: H.264/AAC MP4 with +faststart, as processing would leave it. */
async function renderClip(demo: DemoVideo, output: string, font: string | null): Promise<void> {
  const encode = (filters: string[]) =>
    run(
      ffmpegPath(),
      [
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        demo.source,
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=${demo.toneHz}:sample_rate=44100`,
        '-t',
        String(demo.seconds),
        ...(filters.length > 0 ? ['-vf', filters.join(',')] : []),
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-crf',
        '28',
        // The test pattern is all detail: capped, it stays a light file like a real ad.
        '-maxrate',
        '1500k',
        '-bufsize',
        '3000k',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-b:a',
        '96k',
        '-movflags',
        '+faststart',
        '-shortest',
        output,
      ],
      { timeout: 5 * 60_000 },
    );
  try {
    await encode(['format=yuv420p', overlayFilter(demo, font)]);
  } catch {
    // An ffmpeg without drawtext (or without a font) still makes the clip, only without words.
    await encode([]);
  }
}

async function renderPoster(video: string, output: string): Promise<void> {
  await run(ffmpegPath(), posterArgs(video, output, 1), { timeout: 60_000 });
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
  let font: string | null = null;
  for (const candidate of FONT_CANDIDATES) {
    if (await fileExists(candidate)) {
      font = candidate;
      break;
    }
  }
  const made: { demo: DemoVideo; creatorId: string; fileUrl: string; thumbUrl: string }[] = [];
  try {
    // One at a time: this runs beside a live server and must not take every core.
    for (const demo of demos) {
      const creatorId = creatorOf.get(demo.creatorUsername);
      if (!creatorId) continue;
      const mp4 = path.join(work, `${demo.key}.mp4`);
      const posterFile = path.join(work, `${demo.key}.${POSTER_EXT}`);
      await renderClip(demo, mp4, font);
      await renderPoster(mp4, posterFile);
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
  const inserted = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('adreel.demo-videos'))`);
    if (await demoVideosExist(tx)) return 0;
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
            durationSec: demo.seconds,
            status: 'approved' as const,
            publishedAt: at,
            createdAt: at,
          };
        }),
      )
      .returning({ id: videos.id });
    return rows.length;
  });
  const windows = await ensureDemoEngagement(db);
  await ensureDemoCampaignActivity(db);
  deps.log?.info(
    { inserted, windows, seconds: Math.round((Date.now() - startedAt) / 100) / 10 },
    'demo videos ready',
  );
  return inserted;
}

/** The demo video rows, for tests and tools. */
export function listDemoVideos(db: Database) {
  return db.select().from(videos).where(like(videos.fileUrl, DEMO_KEY_PATTERN));
}
