/**
 * Records a viewer's metric events (SPEC.md §7 track-video-metric, DESIGN.md §3, decision 013). The
 * events are folded per video here (metrics.windows.ts: what the batch reached); the batches that
 * arrive together are stored together (group commit: one transaction, one WAL flush), merged into
 * their viewers' 24 h windows with the counters moved by exactly what the windows changed, all
 * committed before any of them is answered: an acknowledged event is never lost.
 */
import { type MetricEvent, REQUEST_MESSAGES } from '@adreel/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isTransientConflict } from '../../platform/db-errors';
import { notFound } from '../../platform/errors';
import { applyEvent, EMPTY_WINDOW, type WatchWindow } from './metrics.windows';

/** DESIGN.md §3: a view counts at most once per viewer and video per 24 h. */
export const VIEW_WINDOW_HOURS = 24;

export interface Viewer {
  /** `u:<user id>` or `d:<device id>`. */
  key: string;
  userId: string | null;
  ip: string | null;
}

const MAX_ATTEMPTS = 3;
/** A PostgreSQL array literal of values we made ourselves (validated UUIDs, booleans, numbers). */
const arrayLiteral = (values: readonly (string | number | boolean)[]) => `{${values.join(',')}}`;

interface Call {
  viewer: Viewer;
  ids: string[];
  windows: WatchWindow[];
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

/**
 * Merges a group's windows into the viewers' windows of the last 24 h and moves each video's
 * counters by exactly what its windows changed: views = counted windows, vt50/vt90 = counted windows
 * that reached 50 %/90 %, clicks = clicked windows, watch_time_avg = mean furthest fraction of
 * counted windows. Returns the group's videos that are live (approved); the others are left out.
 */
function mergeStatement(rows: Array<{ viewer: Viewer; id: string; window: WatchWindow }>): SQL {
  const column = <T extends string | number | boolean>(pick: (row: (typeof rows)[0]) => T) =>
    arrayLiteral(rows.map(pick));
  // Viewer keys, user ids and IPs go as JSON: an IP or a key is not ours to quote in an array literal.
  const viewers = JSON.stringify(
    rows.map((row) => [row.viewer.key, row.viewer.userId, row.viewer.ip]),
  );
  return sql`
    with input as (
      select b.ord, b.video_id, b.counted, b.r50, b.r90, b.clicked, b.furthest,
        j.value->>0 as viewer_key, (j.value->>1)::uuid as user_id, j.value->>2 as ip
      from unnest(${column((r) => r.id)}::uuid[], ${column((r) => r.window.counted)}::boolean[],
          ${column((r) => r.window.reached50)}::boolean[],
          ${column((r) => r.window.reached90)}::boolean[],
          ${column((r) => r.window.clicked)}::boolean[],
          ${column((r) => r.window.furthest)}::real[])
        with ordinality as b(video_id, counted, r50, r90, clicked, furthest, ord)
      join jsonb_array_elements(${viewers}::jsonb) with ordinality as j(value, ord) on j.ord = b.ord
    ),
    batch as (
      select i.* from input i join videos v on v.id = i.video_id and v.status = 'approved'
    ),
    current_windows as (
      select distinct on (e.video_id, e.viewer_key) e.id, e.video_id, e.viewer_key,
        e.counted_at is not null as counted, e.reached_50, e.reached_90,
        e.clicked_at is not null as clicked, e.furthest_fraction
      from view_events e
      join batch b on b.video_id = e.video_id and b.viewer_key = e.viewer_key
      where e.created_at > now() - make_interval(hours => ${VIEW_WINDOW_HOURS}::int)
      order by e.video_id, e.viewer_key, e.created_at desc
    ),
    merged as (
      select b.video_id, b.viewer_key, b.user_id, b.ip, w.id as window_id,
        coalesce(w.counted, false) as was_counted,
        coalesce(w.reached_50, false) as was_50,
        coalesce(w.reached_90, false) as was_90,
        coalesce(w.clicked, false) as was_clicked,
        coalesce(w.furthest_fraction, 0::real) as was_furthest,
        coalesce(w.counted, false) or b.counted as counted,
        coalesce(w.clicked, false) or b.clicked as clicked,
        coalesce(w.reached_50, false) or b.r50 as reached_50,
        coalesce(w.reached_90, false) or b.r90 as reached_90,
        greatest(coalesce(w.furthest_fraction, 0::real), b.furthest) as furthest
      from batch b
      left join current_windows w on w.video_id = b.video_id and w.viewer_key = b.viewer_key
    ),
    inserted as (
      insert into view_events (video_id, viewer_key, user_id, ip, furthest_fraction, counted_at,
        reached_50, reached_90, clicked_at)
      select m.video_id, m.viewer_key, m.user_id, m.ip, m.furthest,
        case when m.counted then now() end, m.reached_50, m.reached_90,
        case when m.clicked then now() end
      from merged m
      where m.window_id is null
      returning 1
    ),
    changed as (
      update view_events e set
        furthest_fraction = m.furthest,
        counted_at = case when m.counted then coalesce(e.counted_at, now()) end,
        reached_50 = m.reached_50,
        reached_90 = m.reached_90,
        clicked_at = case when m.clicked then coalesce(e.clicked_at, now()) end
      from merged m
      where e.id = m.window_id
        and (m.counted <> m.was_counted or m.clicked <> m.was_clicked or m.reached_50 <> m.was_50
          or m.reached_90 <> m.was_90 or m.furthest <> m.was_furthest)
      returning 1
    ),
    deltas as (
      select m.video_id,
        sum(m.counted::int - m.was_counted::int) as views,
        sum((m.counted and m.reached_50)::int - (m.was_counted and m.was_50)::int) as vt50,
        sum((m.counted and m.reached_90)::int - (m.was_counted and m.was_90)::int) as vt90,
        sum(m.clicked::int - m.was_clicked::int) as clicks,
        sum(case when m.counted then m.furthest::float8 else 0 end
          - case when m.was_counted then m.was_furthest::float8 else 0 end) as watch_sum
      from merged m
      group by m.video_id
    ),
    counters as (
      -- watch_time_avg stays the mean over counted views: old mean × old views + the change in the
      -- sum of furthest fractions, over the new number of views.
      update videos v set
        views = v.views + d.views,
        vt50_count = v.vt50_count + d.vt50,
        vt90_count = v.vt90_count + d.vt90,
        clicks = v.clicks + d.clicks,
        watch_time_avg = case when v.views + d.views > 0
          then least(1, greatest(0,
            (v.watch_time_avg::float8 * v.views + d.watch_sum) / (v.views + d.views)))
          else 0 end
      from deltas d
      where v.id = d.video_id
        and (d.views <> 0 or d.vt50 <> 0 or d.vt90 <> 0 or d.clicks <> 0 or d.watch_sum <> 0)
      returning 1
    )
    select distinct b.video_id::text as video_id from batch b`;
}

/**
 * Group commit: the batches that arrive while a group is being stored wait, then go together in one
 * transaction (one WAL flush for all): it takes the viewers' advisory locks and the counter rows'
 * locks in a fixed order, then one statement (which sees everything committed before those locks)
 * merges every batch into its viewer's windows and moves the counters. Each batch is answered only
 * after that commit; a group that fails fails each of its batches.
 */
function createGroupCommitter(db: Database) {
  let queue: Call[] = [];
  let running = 0;

  async function runGroup(group: Call[]): Promise<Set<string>> {
    // One row per viewer and video: two batches of one viewer in a group fold like their events.
    const byPair = new Map<string, { viewer: Viewer; id: string; window: WatchWindow }>();
    for (const call of group)
      call.ids.forEach((id, index) => {
        const window = call.windows[index] ?? EMPTY_WINDOW;
        const pair = `${call.viewer.key} ${id}`;
        const seen = byPair.get(pair);
        byPair.set(pair, {
          viewer: call.viewer,
          id,
          window: seen ? mergeWindows(seen.window, window) : window,
        });
      });
    const rows = [...byPair.values()];
    const keys = [...new Set(rows.map((row) => row.viewer.key))].sort();
    const videoIds = [...new Set(rows.map((row) => row.id))].sort();
    const locks = sql`
      select
        (select count(pg_advisory_xact_lock(hashtextextended(k, 0)))
          from (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) as k order by 1) keys) as viewers,
        (select count(*) from (select id from videos where id = any(${arrayLiteral(videoIds)}::uuid[])
          order by id for no key update) counters) as counters`;
    const merge = mergeStatement(rows);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const result = await db.transaction(async (tx) => {
          await tx.execute(locks);
          return tx.execute<{ video_id: string }>(merge);
        });
        return new Set(result.rows.map((row) => row.video_id));
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
 * Stores the events and moves the counters; returns how many events were accepted. Events for
 * videos that are not live are left out; when none is live the request is a 404.
 */
export async function recordMetricEvents(
  db: Database,
  viewer: Viewer,
  events: MetricEvent[],
): Promise<number> {
  const reached = new Map<string, WatchWindow>();
  const eventsPerVideo = new Map<string, number>();
  for (const event of events) {
    reached.set(event.videoId, applyEvent(reached.get(event.videoId) ?? EMPTY_WINDOW, event));
    eventsPerVideo.set(event.videoId, (eventsPerVideo.get(event.videoId) ?? 0) + 1);
  }
  const ids = [...reached.keys()].sort();
  const windows = ids.map((id) => reached.get(id) ?? EMPTY_WINDOW);
  let commit = committers.get(db);
  if (!commit) {
    commit = createGroupCommitter(db);
    committers.set(db, commit);
  }
  const live = await commit({ viewer, ids, windows });
  let accepted = 0;
  let liveVideos = 0;
  for (const id of ids)
    if (live.has(id)) {
      liveVideos += 1;
      accepted += eventsPerVideo.get(id) ?? 0;
    }
  if (liveVideos === 0) throw notFound(REQUEST_MESSAGES.videoNotFound);
  return accepted;
}
