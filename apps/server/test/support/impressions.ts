/**
 * Impression tokens for tests that post metric events (issue 16, decision 030): events count only
 * with the token a feed served their video with, from a browser's user agent, and no sooner than
 * the playback they claim. These helpers mint tokens as GET /api/feed would, issued a minute ago by
 * default (so a 30 s video's milestones are possible), and fill them into a metric body.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { videos } from '../../src/db/schema/videos';
import { impressionSigner } from '../../src/modules/metrics/metrics.service';
import { createTestApp, type TestApp } from './app';
import type { TestClock } from './clock';

/** A desktop Chrome's user agent: what a real viewer's browser sends. */
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** Playwright's headless Chromium, as it introduces itself. */
export const HEADLESS_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';

export const MINUTE_AGO = () => new Date(Date.now() - 60_000);

/** Tokens for these videos for `viewerKey` (`d:<device id>` or `u:<user id>`). */
export function mintImpressions(
  db: Database,
  viewerKey: string,
  videoIds: readonly string[],
  issuedAt: Date = MINUTE_AGO(),
): Promise<Record<string, string>> {
  return impressionSigner(db).issue(viewerKey, videoIds, issuedAt);
}

type Body = Record<string, unknown>;

/**
 * The metric body with each event carrying its video's token for `viewerKey` (events that carry one
 * already keep it). A single event or a batch, as POST /api/metrics takes them.
 */
export async function withTokens(
  db: Database,
  body: Body,
  viewerKey: string,
  issuedAt: Date = MINUTE_AGO(),
): Promise<Body> {
  const events = Array.isArray(body.events) ? (body.events as Body[]) : [body];
  const ids = [...new Set(events.map((event) => String(event.videoId)))];
  const tokens = await mintImpressions(db, viewerKey, ids, issuedAt);
  const fill = (event: Body) =>
    'impression' in event ? event : { ...event, impression: tokens[String(event.videoId)] };
  return Array.isArray(body.events) ? { ...body, events: events.map(fill) } : fill(body);
}

/** The user id a Bearer header's access token names (its `sub`), for `u:<user id>` tokens. */
export function bearerUserId(headers: Record<string, string>): string | null {
  const auth = headers.authorization ?? headers.Authorization;
  const jwt = auth?.replace(/^Bearer /, '');
  const payload = jwt?.split('.')[1];
  if (!payload) return null;
  const sub = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown })
    .sub;
  return typeof sub === 'string' ? sub : null;
}

/** What a TestApp offers these helpers (kept structural: no import cycle with app.ts). */
interface Injecting {
  app: {
    inject(options: {
      method: 'GET' | 'POST';
      url: string;
      headers?: Record<string, string>;
      payload?: string;
      remoteAddress?: string;
    }): Promise<{ statusCode: number; json(): unknown; body: string }>;
  };
}

export interface Client {
  deviceId: string;
  /** The network address it posts from. */
  ip?: string;
  userAgent?: string;
  /** A signed-in client's Bearer header. */
  headers?: Record<string, string>;
}

/** Tokens as a client gets them from the server: GET /api/feed/impressions with its device id. */
export async function servedTokens(
  t: Injecting,
  client: Client,
  videoIds: readonly string[],
): Promise<Record<string, string>> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/feed/impressions?ids=${videoIds.join(',')}`,
    headers: { 'x-device-id': client.deviceId, 'user-agent': BROWSER_UA, ...client.headers },
    ...(client.ip ? { remoteAddress: client.ip } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`impressions: ${res.statusCode} ${res.body}`);
  return (res.json() as { impressions: Record<string, string> }).impressions;
}

/** A viewer's watch of one video as the web client reports it: a view, how far, maybe a click. */
export function watchEvents(
  videoId: string,
  impression: string | undefined,
  watched: { view?: boolean; furthest?: number; click?: boolean } = {},
) {
  const { view = true, furthest = 0, click = false } = watched;
  const token = impression === undefined ? {} : { impression };
  return [
    ...(view
      ? [{ action: 'increment', videoId, metricType: 'views', increment: 1, ...token }]
      : []),
    ...(furthest > 0 ? [{ action: 'watch_progress', videoId, fraction: furthest, ...token }] : []),
    ...(click
      ? [{ action: 'increment', videoId, metricType: 'clicks', increment: 1, ...token }]
      : []),
  ];
}

/** POST /api/metrics as this client: its device id, address and user agent (a browser's by default). */
export function postMetrics(t: Injecting, client: Client, events: unknown[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/metrics',
    headers: {
      'content-type': 'application/json',
      'user-agent': client.userAgent ?? BROWSER_UA,
      ...client.headers,
    },
    payload: JSON.stringify({ deviceId: client.deviceId, events }),
    ...(client.ip ? { remoteAddress: client.ip } : {}),
  });
}

/**
 * An app where only the counting stands between a client and the counters: the request limits are
 * out of the way (an attack must be stopped by the counting on its own) and tokens are issued and
 * checked on the test's clock.
 */
export function countingTestApp(clock: TestClock): Promise<TestApp> {
  return createTestApp(
    {},
    {
      rateLimits: { metricsPerIp: 1_000_000, metricsPerViewer: 1_000_000 },
      impressionClock: clock.now,
    },
  );
}

/** A video's counters as stored: what leaderboards, scores and the brand's figures read. */
export async function videoCounters(t: TestApp, videoId: string) {
  const [row] = await t.database.db
    .select({
      views: videos.views,
      clicks: videos.clicks,
      shares: videos.shares,
      vt90: videos.vt90Count,
    })
    .from(videos)
    .where(eq(videos.id, videoId));
  if (!row) throw new Error(`no video ${videoId}`);
  return row;
}
