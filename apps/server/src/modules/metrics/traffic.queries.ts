/**
 * The metrics module's own tables for issue 16 (db/schema/traffic.ts): impression tokens' uses and
 * the filtered traffic, its audit trail.
 */
import {
  type FilteredTraffic,
  INVALID_TRAFFIC_REASONS,
  type InvalidTrafficReason,
} from '@adreel/domain';
import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { filteredTraffic, impressionUses } from '../../db/schema/traffic';

/** One token's events in a group: its MAC, how many events it carried, when it expires. */
export interface TokenUse {
  mac: Buffer;
  events: number;
  expiresAt: Date;
}

/**
 * Adds the group's uses to each token's count (in MAC order: two groups lock the rows in the same
 * order) and returns the counts after, by MAC in hex.
 */
export async function addTokenUses(
  tx: Database,
  uses: readonly TokenUse[],
): Promise<Map<string, number>> {
  const merged = new Map<string, TokenUse>();
  for (const use of uses) {
    const hex = use.mac.toString('hex');
    const seen = merged.get(hex);
    merged.set(hex, seen ? { ...seen, events: seen.events + use.events } : use);
  }
  if (merged.size === 0) return new Map();
  const hexes = [...merged.keys()].sort();
  const rows = hexes.map((hex) => {
    const use = merged.get(hex) as TokenUse;
    return [hex, use.events, use.expiresAt.toISOString()] as const;
  });
  const { rows: after } = await tx.execute<{ token: string; uses: number }>(sql`
    insert into impression_uses (token, uses, expires_at)
    select decode(r.value->>0, 'hex'), (r.value->>1)::int, (r.value->>2)::timestamptz
    from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as r(value, ord)
    order by r.ord
    on conflict (token) do update set uses = impression_uses.uses + excluded.uses
    returning encode(token, 'hex') as token, uses`);
  return new Map(after.map((row) => [row.token, Number(row.uses)]));
}

/** Tokens past their expiry are refused anyway: their rows go (a scheduled task). */
export async function pruneTokenUses(db: Database, now: Date): Promise<number> {
  const gone = await db
    .delete(impressionUses)
    .where(lt(impressionUses.expiresAt, now))
    .returning({ expiresAt: impressionUses.expiresAt });
  return gone.length;
}

/** A filtered row as stored: viewer and address as keyed hashes only. */
export interface FilteredInsert {
  videoId: string;
  metric: 'views' | 'clicks' | 'events';
  reason: InvalidTrafficReason;
  events: number;
  viewerHash: string;
  ipHash: string | null;
}

export async function insertFiltered(tx: Database, rows: readonly FilteredInsert[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(filteredTraffic).values([...rows]);
  // Decision 032: the filtered views of this hour, beside (never in) the counted ones.
  const views = new Map<string, number>();
  for (const row of rows)
    if (row.metric === 'views') views.set(row.videoId, (views.get(row.videoId) ?? 0) + 1);
  if (views.size === 0) return;
  const pairs = [...views.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  await tx.execute(sql`
    insert into video_hourly_stats as h (video_id, hour, filtered)
    select (p.value->>0)::uuid, date_trunc('hour', now(), 'UTC'), (p.value->>1)::int
    from jsonb_array_elements(${JSON.stringify(pairs)}::jsonb) with ordinality as p(value, ord)
    order by p.ord
    on conflict (video_id, hour) do update set filtered = h.filtered + excluded.filtered`);
}

export const emptyFiltered = (): FilteredTraffic => ({ views: 0, byReason: {} });

/**
 * The filtered views of these videos (since `since`, if given), in all and per video; videos with
 * none are left out of the map.
 */
export async function filteredViews(
  db: Database,
  videoIds: readonly string[],
  since?: Date,
): Promise<{ total: FilteredTraffic; byVideo: Map<string, FilteredTraffic> }> {
  const total = emptyFiltered();
  const byVideo = new Map<string, FilteredTraffic>();
  if (videoIds.length === 0) return { total, byVideo };
  const rows = await db
    .select({
      videoId: filteredTraffic.videoId,
      reason: filteredTraffic.reason,
      views: sql<number>`count(*)::int`,
    })
    .from(filteredTraffic)
    .where(
      and(
        inArray(filteredTraffic.videoId, [...videoIds]),
        sql`${filteredTraffic.metric} = 'views'`,
        since ? gte(filteredTraffic.createdAt, since) : undefined,
      ),
    )
    .groupBy(filteredTraffic.videoId, filteredTraffic.reason);
  const add = (into: FilteredTraffic, reason: InvalidTrafficReason, views: number) => {
    into.views += views;
    into.byReason[reason] = (into.byReason[reason] ?? 0) + views;
  };
  for (const row of rows) {
    if (!INVALID_TRAFFIC_REASONS.includes(row.reason)) continue;
    const views = Number(row.views);
    let entry = byVideo.get(row.videoId);
    if (!entry) {
      entry = emptyFiltered();
      byVideo.set(row.videoId, entry);
    }
    add(entry, row.reason, views);
    add(total, row.reason, views);
  }
  return { total, byVideo };
}
