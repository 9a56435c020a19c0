import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/modules/auth/auth.passwords';
import { rollUpViewWindows } from '../apps/server/src/modules/metrics/analytics.rollups';
import {
  DRIVER,
  machine,
  percentile,
  round,
  saveResult,
  serveChild,
  startBenchServer,
} from './support/bench-server';
import { seedCreatorsAndVideos } from './support/seed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const BRANDS = 10;
const VIDEOS = 200;
const VIEW_RECORDS = Number(process.env.BENCH_VIEW_RECORDS ?? 2_000_000);
const TARGET_P95_MS = 200;
const PASSWORD = 'bench-brand-password';
const _here = path.dirname(fileURLToPath(import.meta.url));

async function seed(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  const started = performance.now();
  await seedCreatorsAndVideos(db, { creators: 20, videos: VIDEOS, featured: 0 });
  const passwordHash = await hashPassword(PASSWORD);
  await db.execute(sql`
    with made as (
      insert into users (email, email_verified_at, password_hash)
      select 'bench_brand_' || i || '@example.test', now(), ${passwordHash}
      from generate_series(1, ${BRANDS}::int) i returning id, email
    ), profile as (
      insert into profiles (user_id, username, display_name)
      select id, split_part(email, '@', 1), 'Bench brand' from made
    ), roles as (
      insert into user_roles (user_id, role) select id, 'brand' from made
    )
    insert into campaigns (brand_id, title, description, tags, budget_total_cents,
      payout_per_video_cents)
    select id, 'Bench campaign of ' || split_part(email, '@', 1), 'A bench brief.', '{bench}',
      100000000, 25000
    from made`);
  // Each video approved into one brand's campaign, round robin: 20 per brand.
  await db.execute(sql`
    with c as (select id, row_number() over (order by id) - 1 as n from campaigns),
    v as (select id, creator_id, row_number() over (order by id) - 1 as n from videos)
    insert into submissions (campaign_id, creator_id, video_id, status, decided_at)
    select c.id, v.creator_id, v.id, 'approved_by_brand', now()
    from v join c on c.n = v.n % ${BRANDS}::int`);
  await db.execute(sql`update videos v set campaign_id = s.campaign_id
    from submissions s where s.video_id = v.id`);
  // The view records: one window each, over 90 days; 85 % counted, furthest fractions skewed to
  // the start, 3 % clicked. In chunks, so no statement holds millions of rows in memory.
  const CHUNK = 250_000;
  for (let from = 0; from < VIEW_RECORDS; from += CHUNK) {
    const to = Math.min(VIEW_RECORDS, from + CHUNK);
    await db.execute(sql`
      with v as (select id, row_number() over (order by id) - 1 as n from videos),
      g as (
        select i, now() - random() * interval '90 days' as at, random() as r,
          power(random(), 0.7)::real as furthest
        from generate_series(${from + 1}::int, ${to}::int) i
      )
      insert into view_events (video_id, viewer_key, ip, furthest_fraction, counted_at,
        reached_50, reached_90, clicked_at, created_at)
      select v.id, 'd:bench-' || g.i, '10.' || (g.i % 250) || '.' || (g.i / 250 % 250) || '.1',
        g.furthest, case when g.r < 0.85 then g.at + interval '3 seconds' end,
        g.furthest >= 0.5, g.furthest >= 0.9,
        case when g.r < 0.03 then g.at + interval '5 seconds' end, g.at
      from g join v on v.n = g.i % ${VIDEOS}::int`);
  }
  await db.execute(sql`
    insert into filtered_traffic (video_id, metric, reason, events, viewer_hash, created_at)
    select v.id, 'views', 'bot_user_agent', 1, 'bench', now() - random() * interval '90 days'
    from videos v, generate_series(1, 100)`);
  await db.execute(sql`
    update videos v set
      views = e.views, vt50_count = e.vt50, vt90_count = e.vt90, clicks = e.clicks,
      watch_time_avg = e.watch
    from (
      select video_id,
        count(*) filter (where counted_at is not null)::int as views,
        count(*) filter (where counted_at is not null and reached_50)::int as vt50,
        count(*) filter (where counted_at is not null and reached_90)::int as vt90,
        count(*) filter (where clicked_at is not null)::int as clicks,
        coalesce(avg(furthest_fraction::float8) filter (where counted_at is not null), 0) as watch
      from view_events group by video_id
    ) e
    where v.id = e.video_id`);
  const { rows } = await db.execute<{ id: string; duration_sec: number }>(
    sql`select id::text as id, duration_sec from videos`,
  );
  await rollUpViewWindows(
    db,
    rows.map((row) => ({ id: row.id, durationSec: Number(row.duration_sec) })),
  );
  // The filtered views' hours, as insertFiltered keeps them.
  await db.execute(sql`
    insert into video_hourly_stats as h (video_id, hour, filtered)
    select video_id, date_trunc('hour', created_at, 'UTC'), count(*)::int
    from filtered_traffic where metric = 'views' group by 1, 2
    on conflict (video_id, hour) do update set filtered = excluded.filtered`);
  await db.execute(sql`analyze`);
  console.log(
    `seeded ${VIDEOS} videos and ${VIEW_RECORDS.toLocaleString('en-US')} view records in ${round((performance.now() - started) / 1000, 1)} s`,
  );
}

async function counts(handle: DatabaseHandle) {
  const { rows } = await handle.db.execute<{ windows: number; hourly: number }>(sql`
    select (select count(*) from view_events)::int as windows,
      (select count(*) from video_hourly_stats)::int as hourly`);
  return rows[0];
}

async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await response.json()) as { session?: { access_token: string } };
  if (response.status !== 200 || !body.session)
    throw new Error(`the brand's sign-in answered ${response.status}`);
  return body.session.access_token;
}

type Kind = 'performance' | 'overview' | 'video';

async function parent(): Promise<void> {
  const server = await startBenchServer(fileURLToPath(import.meta.url));
  try {
    const stored = await server.call<{ windows: number; hourly: number }>('counts');
    const brands = await Promise.all(
      Array.from({ length: BRANDS }, async (_, i) => {
        const token = await signIn(server.url, `bench_brand_${i + 1}@example.test`);
        const headers = { authorization: `Bearer ${token}` };
        const overview = (await (
          await fetch(`${server.url}/api/analytics/brand`, { headers })
        ).json()) as { videos: { id: string }[] };
        if (overview.videos.length === 0) throw new Error('a bench brand without videos');
        return { headers, videoIds: overview.videos.map((v) => v.id) };
      }),
    );
    const latencies: Record<Kind, number[]> = { performance: [], overview: [], video: [] };
    let failures = 0;
    const until = performance.now() + SECONDS * 1000;
    const cpuBefore = await server.call<number>('cpu');
    await Promise.all(
      brands.map(async (brand) => {
        let turn = 0;
        while (performance.now() < until) {
          const videoId = brand.videoIds[turn % brand.videoIds.length];
          turn += 1;
          const requests: Array<[Kind, string]> = [
            ['performance', '/api/brand/performance?days=7'],
            ['overview', '/api/analytics/brand'],
            ['video', `/api/analytics/videos/${videoId}?as=brand`],
          ];
          for (const [kind, url] of requests) {
            const start = performance.now();
            const response = await fetch(`${server.url}${url}`, { headers: brand.headers });
            await response.arrayBuffer();
            latencies[kind].push(performance.now() - start);
            if (response.status !== 200) failures += 1;
          }
        }
      }),
    );
    const serverCpuMs = (await server.call<number>('cpu')) - cpuBefore;
    const stats = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return {
        requests: sorted.length,
        p50Ms: round(percentile(sorted, 50), 1),
        p95Ms: round(percentile(sorted, 95), 1),
        p99Ms: round(percentile(sorted, 99), 1),
      };
    };
    const all = stats([...latencies.performance, ...latencies.overview, ...latencies.video]);
    const summary = {
      benchmark: 'analytics',
      driver: server.driver,
      seconds: SECONDS,
      brands: BRANDS,
      videos: VIDEOS,
      viewRecords: stored?.windows ?? 0,
      hourlyRollupRows: stored?.hourly ?? 0,
      all,
      performance: stats(latencies.performance),
      overview: stats(latencies.overview),
      video: stats(latencies.video),
      failures,
      serverCpuMsPerRequest: round(serverCpuMs / Math.max(1, all.requests), 2),
      targets: { p95Ms: TARGET_P95_MS },
      meetsTargets: all.p95Ms <= TARGET_P95_MS && failures === 0,
      ...machine(),
      measuredAt: new Date().toISOString(),
    };
    await saveResult('analytics', server.driver, summary);
    console.log(
      `driver=${server.driver} view_records=${summary.viewRecords} brands=${BRANDS} requests=${all.requests} p50_ms=${all.p50Ms} p95_ms=${all.p95Ms} p99_ms=${all.p99Ms} performance_p95_ms=${summary.performance.p95Ms} overview_p95_ms=${summary.overview.p95Ms} video_p95_ms=${summary.video.p95Ms} failures=${failures} target_p95_ms=${TARGET_P95_MS} ok=${summary.meetsTargets}`,
    );
  } finally {
    await server.stop();
  }
}

if (process.argv[2] === 'serve') {
  await serveChild({
    seed,
    rateLimits: { signInPerIp: 1_000_000 },
    commands: { counts },
  });
} else {
  console.log(`bench:analytics on ${DRIVER}: ${BRANDS} brands, ${SECONDS} s`);
  await parent();
}
