/**
 * Records a viewer's metric events (SPEC.md §7 track-video-metric, DESIGN.md §3, decision 013) and
 * counts only what a feed served (issue 16, decision 030). Each video's events of a batch, with the
 * impression token they carry, are folded here (metrics.windows.ts: what the batch reached) and
 * checked: a known bot's user agent, a missing, forged or expired token (impressions.ts), a token
 * past its allowance, a claimed playback longer than the time since the token was issued are not
 * counted but stored as filtered traffic with the reason. The batches that arrive together are
 * stored together (group commit: one transaction, one WAL flush), merged into their viewers' 24 h
 * windows under the per-viewer and per-address caps, with the counters moved by exactly what the
 * windows changed (through the videos module), all committed before any of them is answered: an
 * acknowledged event is never lost. A filtered event is acknowledged like any other.
 */
import {
  IMPRESSION_TIMING_SLACK_MS,
  IMPRESSION_TOKEN_MAX_USES,
  type InvalidTrafficReason,
  type MetricEvent,
  REQUEST_MESSAGES,
  VIDEO_MAX_SECONDS,
  VIEW_DEDUPE_HOURS,
  VIEW_MIN_PLAYBACK_MS,
  VIEWS_PER_IP_PER_DAY,
} from '@adreel/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isTransientConflict } from '../../platform/db-errors';
import { notFound } from '../../platform/errors';
import { notify } from '../../platform/realtime/notifications';
import { applyWatchDeltas, lockCounterRows } from '../videos/videos.service';
import { ANALYTICS_CHANNEL } from './analytics.channel';
import { IMPRESSION_TTL_MS, type ImpressionSigner, impressionSigner } from './impressions';
import { applyEvent, EMPTY_WINDOW, type WatchWindow } from './metrics.windows';
import { addTokenUses, insertFiltered } from './traffic.queries';

export { impressionSigner } from './impressions';
/** Views kept apart from the counts, for the brand's Performance tab and the creator's stats. */
export { filteredViews } from './traffic.queries';

/** DESIGN.md §3: a view counts at most once per viewer and video per 24 h. */
export const VIEW_WINDOW_HOURS = VIEW_DEDUPE_HOURS;

export interface Viewer {
  /** `u:<user id>` or `d:<device id>`: whose 24 h windows the events go to. */
  key: string;
  userId: string | null;
  /** The device id the batch carried, if any (a signed-in viewer's beacon carries only this). */
  deviceId: string | null;
  ip: string | null;
}

/** How the request looked: its time (tests inject a clock) and whether a known bot sent it. */
export interface MetricContext {
  now: Date;
  bot: boolean;
}

const MAX_ATTEMPTS = 3;
type CounterRow = Awaited<ReturnType<typeof lockCounterRows>>[number];
type WatchDelta = Parameters<typeof applyWatchDeltas>[1][number];

/** A PostgreSQL array literal of values we made ourselves (validated UUIDs, booleans, numbers). */
const arrayLiteral = (values: readonly (string | number | boolean)[]) => `{${values.join(',')}}`;

/** One video's events of one batch with one token: what they reached and how they were checked. */
interface Unit {
  videoId: string;
  window: WatchWindow;
  events: number;
  /** Why it is not counted, as far as the request alone tells (bot, token); null: so far so good. */
  reason: InvalidTrafficReason | null;
  issuedAt: number;
  mac: Buffer | null;
}

interface Call {
  viewer: Viewer;
  units: Unit[];
  now: Date;
  resolve(live: Set<string>): void;
  reject(error: unknown): void;
}

/** Most batches one group carries. */
const GROUP_MAX = 64;
/**
 * Groups being stored at once. Two overlapped one's commit with the next one's statement but queued
 * on each other's counter rows: bench:metrics fell from 8,981 to 4,481 events/s.
 */
const IN_FLIGHT = 1;

function mergeWindows(a: WatchWindow, b: WatchWindow): WatchWindow {
  return {
    counted: a.counted || b.counted,
    reached50: a.reached50 || b.reached50,
    reached90: a.reached90 || b.reached90,
    clicked: a.clicked || b.clicked,
    furthest: Math.max(a.furthest, b.furthest),
  };
}

/** The playback a window claims, in ms: 3 s for a view, the furthest fraction of the video's length. */
function claimedPlaybackMs(window: WatchWindow, durationSec: number | null): number {
  const view = window.counted ? VIEW_MIN_PLAYBACK_MS : 0;
  return Math.max(view, durationSec ? window.furthest * durationSec * 1000 : 0);
}

/** A row of filtered traffic, before the viewer and address are hashed (traffic.queries.ts). */
interface FilteredRow {
  viewer: Viewer;
  videoId: string;
  metric: 'views' | 'clicks' | 'events';
  reason: InvalidTrafficReason;
  events: number;
}

/** What a unit that is not counted leaves: a claimed view, a click, or (neither) its other events. */
function filteredRows(call: Call, unit: Unit, reason: InvalidTrafficReason): FilteredRow[] {
  const base = { viewer: call.viewer, videoId: unit.videoId, reason };
  const rows: FilteredRow[] = [];
  const clicks = unit.window.clicked ? 1 : 0;
  if (unit.window.counted)
    rows.push({ ...base, metric: 'views', events: Math.max(1, unit.events - clicks) });
  if (clicks) rows.push({ ...base, metric: 'clicks', events: 1 });
  if (rows.length === 0) rows.push({ ...base, metric: 'events', events: unit.events });
  return rows;
}

interface MergeRow {
  viewer: Viewer;
  id: string;
  window: WatchWindow;
  /** The video's length in seconds (what the retention rollup's seconds are of). */
  durationSec: number;
}

/** The last second the retention rollup keeps (VIDEO_MAX_SECONDS: no ad is longer). */
const RETENTION_LAST_SECOND = VIDEO_MAX_SECONDS;

/**
 * Merges a group's windows into the viewers' windows of the last 24 h, under the caps: a window's
 * view and click count once per viewer (a repeat is filtered as viewer_cap), and at most
 * VIEWS_PER_IP_PER_DAY views (and clicks) per address and video in 24 h (the rest: ip_cap). Returns
 * each video's counter deltas (kind 'delta': views = counted windows, vt50/vt90 = counted windows
 * that reached 50 %/90 %, clicks = clicked windows, watch_sum = the change in counted windows'
 * furthest fractions) and each claim a cap turned away (kind 'capped', with its row's ordinal).
 * The same statement moves the rollups of decision 032 by what the windows changed: the video's
 * row of this hour (views, completions, clicks, watch sum) and its retention histogram (a counted
 * window moves from the second it had reached to the one it reaches now).
 */
function mergeStatement(rows: MergeRow[]): SQL {
  const column = <T extends string | number | boolean>(pick: (row: MergeRow) => T) =>
    arrayLiteral(rows.map(pick));
  // Viewer keys, user ids and IPs go as JSON: an IP or a key is not ours to quote in an array literal.
  const viewers = JSON.stringify(
    rows.map((row) => [row.viewer.key, row.viewer.userId, row.viewer.ip]),
  );
  const hours = sql`make_interval(hours => ${VIEW_WINDOW_HOURS}::int)`;
  const cap = sql.raw(String(VIEWS_PER_IP_PER_DAY));
  const lastSecond = sql.raw(String(RETENTION_LAST_SECOND));
  return sql`
    with input as (
      select b.ord, b.video_id, b.counted, b.r50, b.r90, b.clicked, b.furthest, b.duration,
        j.value->>0 as viewer_key, (j.value->>1)::uuid as user_id, j.value->>2 as ip
      from unnest(${column((r) => r.id)}::uuid[], ${column((r) => r.window.counted)}::boolean[],
          ${column((r) => r.window.reached50)}::boolean[],
          ${column((r) => r.window.reached90)}::boolean[],
          ${column((r) => r.window.clicked)}::boolean[],
          ${column((r) => r.window.furthest)}::real[], ${column((r) => r.durationSec)}::float8[])
        with ordinality as b(video_id, counted, r50, r90, clicked, furthest, duration, ord)
      join jsonb_array_elements(${viewers}::jsonb) with ordinality as j(value, ord) on j.ord = b.ord
    ),
    current_windows as (
      select distinct on (e.video_id, e.viewer_key) e.id, e.video_id, e.viewer_key,
        e.counted_at is not null as counted, e.reached_50, e.reached_90,
        e.clicked_at is not null as clicked, e.furthest_fraction
      from view_events e
      join input b on b.video_id = e.video_id and b.viewer_key = e.viewer_key
      where e.created_at > now() - ${hours}
      order by e.video_id, e.viewer_key, e.created_at desc
    ),
    -- What each address already has counted on each video in the last 24 h (a window lasts 24 h,
    -- so only windows opened in the last 48 h can have been counted in the last 24).
    address_counts as (
      select k.video_id, k.ip,
        count(*) filter (where e.counted_at > now() - ${hours}) as views,
        count(*) filter (where e.clicked_at > now() - ${hours}) as clicks
      from (select distinct video_id, ip from input where ip is not null) k
      join view_events e on e.video_id = k.video_id and e.ip = k.ip
      where e.created_at > now() - ${hours} * 2
      group by k.video_id, k.ip
    ),
    claims as (
      select b.*, w.id as window_id,
        coalesce(w.counted, false) as was_counted,
        coalesce(w.reached_50, false) as was_50,
        coalesce(w.reached_90, false) as was_90,
        coalesce(w.clicked, false) as was_clicked,
        coalesce(w.furthest_fraction, 0::real) as was_furthest,
        b.counted and not coalesce(w.counted, false) as new_view,
        b.clicked and not coalesce(w.clicked, false) as new_click,
        coalesce(a.views, 0) as address_views,
        coalesce(a.clicks, 0) as address_clicks
      from input b
      left join current_windows w on w.video_id = b.video_id and w.viewer_key = b.viewer_key
      left join address_counts a on a.video_id = b.video_id and a.ip = b.ip
    ),
    ranked as (
      -- In the group's order: the address's n-th new view (click) of the video here.
      select c.*,
        c.ip is null or c.address_views + sum(c.new_view::int) over (
          partition by c.video_id, c.ip order by c.ord rows unbounded preceding) <= ${cap}
          as view_fits,
        c.ip is null or c.address_clicks + sum(c.new_click::int) over (
          partition by c.video_id, c.ip order by c.ord rows unbounded preceding) <= ${cap}
          as click_fits
      from claims c
    ),
    merged as (
      select r.*,
        r.was_counted or (r.new_view and r.view_fits) as now_counted,
        r.was_clicked or (r.new_click and r.click_fits) as now_clicked,
        r.was_50 or r.r50 as reached_50,
        r.was_90 or r.r90 as reached_90,
        greatest(r.was_furthest, r.furthest) as now_furthest
      from ranked r
    ),
    inserted as (
      insert into view_events (video_id, viewer_key, user_id, ip, furthest_fraction, counted_at,
        reached_50, reached_90, clicked_at)
      select m.video_id, m.viewer_key, m.user_id, m.ip, m.now_furthest,
        case when m.now_counted then now() end, m.reached_50, m.reached_90,
        case when m.now_clicked then now() end
      from merged m
      where m.window_id is null
      returning 1
    ),
    changed as (
      update view_events e set
        furthest_fraction = m.now_furthest,
        counted_at = case when m.now_counted then coalesce(e.counted_at, now()) end,
        reached_50 = m.reached_50,
        reached_90 = m.reached_90,
        clicked_at = case when m.now_clicked then coalesce(e.clicked_at, now()) end
      from merged m
      where e.id = m.window_id
        and (m.now_counted <> m.was_counted or m.now_clicked <> m.was_clicked
          or m.reached_50 <> m.was_50 or m.reached_90 <> m.was_90
          or m.now_furthest <> m.was_furthest)
      returning 1
    ),
    capped as (
      select m.ord, m.video_id, 'views' as metric,
        case when m.was_counted then 'viewer_cap' else 'ip_cap' end as reason
      from merged m where m.counted and not (m.new_view and m.view_fits)
      union all
      select m.ord, m.video_id, 'clicks', case when m.was_clicked then 'viewer_cap' else 'ip_cap' end
      from merged m where m.clicked and not (m.new_click and m.click_fits)
    ),
    hourly as (
      insert into video_hourly_stats as h (video_id, hour, views, completions, clicks, watch_sum)
      select d.video_id, date_trunc('hour', now(), 'UTC'), d.views, d.vt90, d.clicks, d.watch_sum
      from (
        select m.video_id,
          sum(m.now_counted::int - m.was_counted::int)::int as views,
          sum((m.now_counted and m.reached_90)::int - (m.was_counted and m.was_90)::int)::int as vt90,
          sum(m.now_clicked::int - m.was_clicked::int)::int as clicks,
          sum(case when m.now_counted then m.now_furthest::float8 else 0 end
            - case when m.was_counted then m.was_furthest::float8 else 0 end) as watch_sum
        from merged m group by m.video_id
      ) d
      where d.views <> 0 or d.vt90 <> 0 or d.clicks <> 0 or d.watch_sum <> 0
      order by d.video_id
      on conflict (video_id, hour) do update set
        views = h.views + excluded.views,
        completions = h.completions + excluded.completions,
        clicks = h.clicks + excluded.clicks,
        watch_sum = h.watch_sum + excluded.watch_sum
      returning 1
    ),
    retention_moves as (
      select m.video_id, least(${lastSecond}, floor(m.now_furthest * m.duration))::int as second,
        1 as views
      from merged m where m.now_counted
      union all
      select m.video_id, least(${lastSecond}, floor(m.was_furthest * m.duration))::int, -1
      from merged m where m.was_counted
    ),
    retention as (
      insert into video_retention as r (video_id, second, views)
      select t.video_id, t.second, sum(t.views)::int
      from retention_moves t
      group by t.video_id, t.second
      having sum(t.views) <> 0
      order by 1, 2
      on conflict (video_id, second) do update set views = r.views + excluded.views
      returning 1
    )
    select 'delta' as kind, m.video_id::text as video_id,
      sum(m.now_counted::int - m.was_counted::int)::int as views,
      sum((m.now_counted and m.reached_50)::int - (m.was_counted and m.was_50)::int)::int as vt50,
      sum((m.now_counted and m.reached_90)::int - (m.was_counted and m.was_90)::int)::int as vt90,
      sum(m.now_clicked::int - m.was_clicked::int)::int as clicks,
      sum(case when m.now_counted then m.now_furthest::float8 else 0 end
        - case when m.was_counted then m.was_furthest::float8 else 0 end) as watch_sum,
      null::text as metric, null::text as reason, null::int as ord
    from merged m
    group by m.video_id
    union all
    select 'capped', c.video_id::text, 0, 0, 0, 0, 0::float8, c.metric, c.reason, c.ord::int
    from capped c`;
}

/** Stores filtered rows with the viewer and address as keyed hashes (the audit trail). */
async function recordFiltered(
  tx: Database,
  signer: ImpressionSigner,
  rows: FilteredRow[],
): Promise<void> {
  await insertFiltered(
    tx,
    await Promise.all(
      rows.map(async (row) => ({
        videoId: row.videoId,
        metric: row.metric,
        reason: row.reason,
        events: row.events,
        viewerHash: await signer.auditHash('viewer', row.viewer.key),
        ipHash: row.viewer.ip ? await signer.auditHash('ip', row.viewer.ip) : null,
      })),
    ),
  );
}

/**
 * The checks that need the database, in the group's transaction: the videos must be live; a
 * token's uses are added up (past IMPRESSION_TOKEN_MAX_USES: token_overused); the playback claimed
 * may not exceed the time since the token was issued (impossible_timing).
 */
async function checkUnits(tx: Database, group: Call[], counters: Map<string, CounterRow>) {
  const uses = await addTokenUses(
    tx,
    group.flatMap((call) =>
      call.units.flatMap((unit) =>
        unit.mac && !unit.reason && counters.get(unit.videoId)?.live
          ? [
              {
                mac: unit.mac,
                events: unit.events,
                expiresAt: new Date(unit.issuedAt + IMPRESSION_TTL_MS),
              },
            ]
          : [],
      ),
    ),
  );
  // The uses before this group, then each unit's in the group's order.
  const running = new Map<string, number>();
  for (const call of group)
    for (const unit of call.units)
      if (unit.mac && !unit.reason && counters.get(unit.videoId)?.live) {
        const hex = unit.mac.toString('hex');
        running.set(hex, (running.get(hex) ?? uses.get(hex) ?? 0) - unit.events);
      }
  const verdicts: Array<{ call: Call; unit: Unit; reason: InvalidTrafficReason | null }> = [];
  for (const call of group)
    for (const unit of call.units) {
      const video = counters.get(unit.videoId);
      if (!video?.live) continue;
      let reason = unit.reason;
      if (!reason && unit.mac) {
        const hex = unit.mac.toString('hex');
        const used = (running.get(hex) ?? 0) + unit.events;
        running.set(hex, used);
        const elapsed = call.now.getTime() - unit.issuedAt;
        if (
          claimedPlaybackMs(unit.window, video.durationSec) >
          elapsed + IMPRESSION_TIMING_SLACK_MS
        )
          reason = 'impossible_timing';
        else if (used > IMPRESSION_TOKEN_MAX_USES) reason = 'token_overused';
      }
      verdicts.push({ call, unit, reason });
    }
  return verdicts;
}

/**
 * Group commit: the batches that arrive while a group is being stored wait, then go together in one
 * transaction (one WAL flush for all): it takes the viewers' and addresses' advisory locks and the
 * counter rows' locks in a fixed order, checks the tokens' uses and timings, then one statement
 * (which sees everything committed before those locks) merges every counted batch into its viewer's
 * windows under the caps and stores the filtered ones, and the videos module moves the counters.
 * Each batch is answered only after that commit; a group that fails fails each of its batches.
 */
function createGroupCommitter(db: Database) {
  let queue: Call[] = [];
  let running = 0;

  async function store(tx: Database, group: Call[]): Promise<Set<string>> {
    const keys = new Set<string>();
    for (const call of group) {
      keys.add(call.viewer.key);
      if (call.viewer.ip) keys.add(`ip:${call.viewer.ip}`);
    }
    await tx.execute(sql`
      select count(pg_advisory_xact_lock(hashtextextended(k, 0)))
      from (select jsonb_array_elements_text(${JSON.stringify([...keys].sort())}::jsonb) as k
        order by 1) keys`);
    const videoIds = [...new Set(group.flatMap((call) => call.units.map((u) => u.videoId)))];
    const counters = new Map((await lockCounterRows(tx, videoIds)).map((row) => [row.id, row]));
    const live = new Set([...counters.values()].filter((row) => row.live).map((row) => row.id));
    const verdicts = await checkUnits(tx, group, counters);
    // One row per viewer and video: two batches of one viewer in a group fold like their events.
    const byPair = new Map<string, MergeRow>();
    const filtered: FilteredRow[] = [];
    for (const { call, unit, reason } of verdicts) {
      if (reason) {
        filtered.push(...filteredRows(call, unit, reason));
        continue;
      }
      const pair = `${call.viewer.key} ${unit.videoId}`;
      const seen = byPair.get(pair);
      byPair.set(pair, {
        viewer: call.viewer,
        id: unit.videoId,
        window: seen ? mergeWindows(seen.window, unit.window) : unit.window,
        durationSec: counters.get(unit.videoId)?.durationSec ?? RETENTION_LAST_SECOND,
      });
    }
    const merged = [...byPair.values()];
    const { rows } = await tx.execute<{
      kind: 'delta' | 'capped';
      video_id: string;
      views: number;
      vt50: number;
      vt90: number;
      clicks: number;
      watch_sum: number;
      metric: 'views' | 'clicks' | null;
      reason: InvalidTrafficReason | null;
      ord: number | null;
    }>(mergeStatement(merged));
    for (const row of rows) {
      const viewer = merged[Number(row.ord) - 1]?.viewer;
      if (row.kind === 'capped' && viewer && row.metric && row.reason)
        filtered.push({
          viewer,
          videoId: row.video_id,
          metric: row.metric,
          reason: row.reason,
          events: 1,
        });
    }
    // Filtered traffic is rare in honest load: its hashes and its statement only when there is some.
    if (filtered.length > 0) await recordFiltered(tx, impressionSigner(db), filtered);
    const deltas: WatchDelta[] = rows
      .filter((row) => row.kind === 'delta')
      .map((row) => ({
        videoId: row.video_id,
        views: Number(row.views),
        vt50: Number(row.vt50),
        vt90: Number(row.vt90),
        clicks: Number(row.clicks),
        watchSum: Number(row.watch_sum),
      }));
    await applyWatchDeltas(tx, deltas);
    // Decision 032: the analytics streams hear which videos moved, on commit, in every process.
    const moved = new Set(filtered.map((row) => row.videoId));
    for (const d of deltas)
      if (d.views !== 0 || d.vt90 !== 0 || d.clicks !== 0 || d.watchSum !== 0) moved.add(d.videoId);
    if (moved.size > 0) await notify(tx, ANALYTICS_CHANNEL, [...moved].sort().join(','));
    return live;
  }

  async function runGroup(group: Call[]): Promise<Set<string>> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await db.transaction((tx) => store(tx, group));
      } catch (error) {
        // Counters of popular videos are hot rows: should two processes' groups ever lock them in
        // a different order, PostgreSQL aborts one; it is simply run again.
        if (attempt >= MAX_ATTEMPTS || !isTransientConflict(error)) throw error;
      }
    }
  }

  async function drain(): Promise<void> {
    running += 1;
    while (queue.length > 0) {
      const group = queue.slice(0, GROUP_MAX);
      queue = queue.slice(GROUP_MAX);
      try {
        const live = await runGroup(group);
        for (const call of group) call.resolve(live);
      } catch (error) {
        for (const call of group) call.reject(error);
      }
    }
    running -= 1;
  }

  return (call: Omit<Call, 'resolve' | 'reject'>) =>
    new Promise<Set<string>>((resolve, reject) => {
      queue.push({ ...call, resolve, reject });
      if (running < IN_FLIGHT) void drain();
    });
}

const committers = new WeakMap<Database, ReturnType<typeof createGroupCommitter>>();
/**
 * Stores the events and moves the counters by what counts; returns how many events were accepted
 * (filtered ones included: a client is not told what was filtered). Events for videos that are not
 * live are left out; when none is live the request is a 404.
 */
export async function recordMetricEvents(
  db: Database,
  viewer: Viewer,
  events: MetricEvent[],
  context: MetricContext,
): Promise<number> {
  // One unit per video and token the events carry.
  const units = new Map<string, Unit & { token: string | undefined }>();
  const eventsPerVideo = new Map<string, number>();
  for (const event of events) {
    const unitKey = `${event.videoId} ${event.impression ?? ''}`;
    const unit = units.get(unitKey) ?? {
      videoId: event.videoId,
      token: event.impression,
      window: EMPTY_WINDOW,
      events: 0,
      reason: null,
      issuedAt: 0,
      mac: null,
    };
    unit.window = applyEvent(unit.window, event);
    unit.events += 1;
    units.set(unitKey, unit);
    eventsPerVideo.set(event.videoId, (eventsPerVideo.get(event.videoId) ?? 0) + 1);
  }
  const signer = impressionSigner(db);
  await signer.ready();
  const viewerKeys = [
    ...(viewer.deviceId ? [`d:${viewer.deviceId}`] : []),
    ...(viewer.userId ? [`u:${viewer.userId}`] : []),
  ];
  for (const unit of units.values()) {
    if (context.bot) {
      unit.reason = 'bot_user_agent';
      continue;
    }
    const checked = await signer.check(unit.token, unit.videoId, viewerKeys, context.now);
    if (checked.ok) {
      unit.issuedAt = checked.issuedAt;
      unit.mac = checked.mac;
    } else unit.reason = checked.reason;
  }
  let commit = committers.get(db);
  if (!commit) {
    commit = createGroupCommitter(db);
    committers.set(db, commit);
  }
  const live = await commit({
    viewer,
    units: [...units.values()],
    now: context.now,
  });
  let accepted = 0;
  for (const [id, count] of eventsPerVideo) if (live.has(id)) accepted += count;
  if (![...eventsPerVideo.keys()].some((id) => live.has(id)))
    throw notFound(REQUEST_MESSAGES.videoNotFound);
  return accepted;
}
