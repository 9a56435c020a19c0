/**
 * The bulk recompute's SQL and packages/domain's pure score are one formula (DESIGN.md §3): random
 * inputs through both must agree, and so must the whole recompute over random videos.
 */
import {
  decayedScore,
  hoursBetween,
  type PlatformMeans,
  platformMeans,
  type ScoreInputs,
  score,
} from '@adreel/domain/ranking';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decayExpression,
  recomputeScores,
  scoreExpression,
} from '../../src/modules/ranking/ranking.queries';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createUser, createVideo } from '../support/factories';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

/**
 * Fractions as the product stores them: metrics keep 4 decimals, so no denormal reaches the database
 * (PostgreSQL refuses a float8 product that underflows, where JavaScript quietly gives 0).
 */
const fraction = fc.integer({ min: 0, max: 10_000 }).map((n) => n / 10_000);
const rate = fc.oneof(fc.constant(0), fc.double({ min: 1e-9, max: 5, noNaN: true }));
const count = fc.integer({ min: 0, max: 1_000_000 });
const videoArb = fc
  .record({
    views: count,
    watch: fraction,
    vt90: fraction,
    likes: count,
    shares: count,
    clicks: count,
  })
  .map(
    (r): ScoreInputs => ({
      views: r.views,
      watchTimeAvg: r.views === 0 ? 0 : r.watch,
      vt90Count: Math.floor(r.vt90 * r.views),
      likes: r.likes,
      shares: r.shares,
      clicks: r.clicks,
    }),
  );
const meansArb = fc.record({
  watch: fraction,
  vt90: fraction,
  likes: rate,
  shares: rate,
  clicks: rate,
});

const p = (value: number) => sql`${value}::float8`;

function closeTo(actual: number, expected: number) {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(expected)));
}

describe('score in SQL', () => {
  it('equals the pure function for any inputs, platform means and age', async () => {
    await fc.assert(
      fc.asyncProperty(
        videoArb,
        meansArb,
        // Ages as the database measures them: whole microseconds, in hours.
        fc.integer({ min: -360_000_000_000, max: 7_200_000_000_000 }).map((us) => us / 3.6e9),
        async (video: ScoreInputs, means: PlatformMeans, hours: number) => {
          const expression = scoreExpression({
            views: p(video.views),
            watchTimeAvg: p(video.watchTimeAvg),
            vt90Count: p(video.vt90Count),
            likes: p(video.likes),
            shares: p(video.shares),
            clicks: p(video.clicks),
            means: {
              watch: p(means.watch),
              vt90: p(means.vt90),
              likes: p(means.likes),
              shares: p(means.shares),
              clicks: p(means.clicks),
            },
          });
          const { rows } = await database.db.execute<{ score: number; decayed: number }>(
            sql`select ${expression} as score, ${decayExpression(expression, p(hours))} as decayed`,
          );
          const expected = score(video, means);
          closeTo(Number(rows[0]?.score), expected);
          closeTo(Number(rows[0]?.decayed), decayedScore(expected, hours));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('recomputes approved videos of the last 60 days with means over them, as the pure function does', async () => {
    const db = database.db;
    const creator = await createUser(db, { role: 'creator' });
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            video: videoArb,
            ageHours: fc.double({ min: 0, max: 59 * 24, noNaN: true }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        async (items) => {
          await db.execute(sql`delete from videos`);
          const made = [];
          for (const { video, ageHours } of items)
            made.push(
              await createVideo(db, {
                creatorId: creator.id,
                status: 'approved',
                views: video.views,
                watchTimeAvg: video.watchTimeAvg,
                vt90Count: video.vt90Count,
                likes: video.likes,
                shares: video.shares,
                clicks: video.clicks,
                publishedAt: new Date(Date.now() - ageHours * 3_600_000),
              }),
            );
          // Outside the pool: neither rescored nor part of the means.
          const old = await createVideo(db, {
            creatorId: creator.id,
            status: 'approved',
            views: 1000,
            likes: 900,
            score: 0.123,
            decayedScore: 0.001,
            publishedAt: new Date(Date.now() - 61 * 24 * 3_600_000),
          });
          const pending = await createVideo(db, { creatorId: creator.id, views: 50, likes: 50 });

          const { updated, at } = await recomputeScores(db);
          expect(updated).toBe(items.length);
          // Read back as the SQL saw them: watch_time_avg is a 4-byte real.
          const { rows } = await db.execute<{
            id: string;
            views: number;
            watch: number;
            vt90_count: number;
            likes: number;
            shares: number;
            clicks: number;
            published_at: string | Date;
            score: number;
            decayed_score: number;
          }>(sql`select id, views, watch_time_avg::float8 as watch, vt90_count, likes, shares,
              clicks, published_at, score, decayed_score from videos`);
          const inputs = new Map(
            rows.map((r) => [
              r.id,
              {
                views: r.views,
                watchTimeAvg: Number(r.watch),
                vt90Count: r.vt90_count,
                likes: r.likes,
                shares: r.shares,
                clicks: r.clicks,
              } satisfies ScoreInputs,
            ]),
          );
          const means = platformMeans(made.map((v) => inputs.get(v.id) as ScoreInputs));
          for (const video of made) {
            const row = rows.find((r) => r.id === video.id);
            const expected = score(inputs.get(video.id) as ScoreInputs, means);
            closeTo(Number(row?.score), expected);
            // The database keeps microseconds, JavaScript's Date only milliseconds: 1 ms moves it by ~4e-9.
            const hours = hoursBetween(new Date(row?.published_at ?? 0), at);
            expect(Number(row?.decayed_score)).toBeCloseTo(decayedScore(expected, hours), 7);
          }
          expect(rows.find((r) => r.id === old.id)).toMatchObject({
            score: 0.123,
            decayed_score: 0.001,
          });
          expect(rows.find((r) => r.id === pending.id)).toMatchObject({ score: 0 });
        },
      ),
      { numRuns: 25 },
    );
  });
});
