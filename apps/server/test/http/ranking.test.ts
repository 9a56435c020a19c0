/**
 * Scores (DESIGN.md §3): the admin's recompute and the scheduled one, which runs once per interval
 * however many processes share the database.
 */
import { FEED_MESSAGES } from '@adreel/domain';
import { decayedScore, platformMeans, score } from '@adreel/domain/ranking';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, videos } from '../../src/db/schema';
import { scoreRecomputeTask } from '../../src/modules/ranking/ranking.tasks';
import { startScheduler } from '../../src/platform/scheduler';
import { createTestApp, type TestApp } from '../support/app';
import { signedInUser } from '../support/auth';
import { createVideo } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('recomputing scores', () => {
  it('scores approved videos of the last 60 days by the formula, for an admin only', async () => {
    const db = t.database.db;
    const hour = 3_600_000;
    const good = await createVideo(db, {
      status: 'approved',
      views: 100,
      watchTimeAvg: 0.8,
      vt90Count: 60,
      likes: 30,
      shares: 6,
      clicks: 12,
      publishedAt: new Date(Date.now() - 48 * hour),
    });
    const plain = await createVideo(db, {
      status: 'approved',
      views: 100,
      watchTimeAvg: 0.2,
      vt90Count: 5,
      likes: 1,
      publishedAt: new Date(Date.now() - 2 * hour),
    });
    const pending = await createVideo(db, { status: 'pending', views: 10, likes: 10 });

    const viewer = await signedInUser(t, 'viewer');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/scores/recompute',
      headers: viewer.headers,
    });
    expect(refused.statusCode).toBe(403);

    const admin = await signedInUser(t, 'admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/scores/recompute',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FEED_MESSAGES.scoresRecomputed, updated: 2 });

    const rows = await db.select().from(videos);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const means = platformMeans([good, plain]);
    const goodScore = score(good, means);
    expect(byId.get(good.id)?.score).toBeCloseTo(goodScore, 6);
    // Published two days ago: half its score, give or take the test's own seconds.
    expect(byId.get(good.id)?.decayedScore).toBeCloseTo(decayedScore(goodScore, 48), 4);
    expect(byId.get(plain.id)?.score).toBeCloseTo(score(plain, means), 6);
    expect(byId.get(pending.id)?.score).toBe(0);
    expect(goodScore).toBeGreaterThan(score(plain, means));

    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'scores.recompute'));
    expect(audit).toMatchObject({ actorId: admin.user.id, details: { updated: 2 } });
  });
});

describe('the scheduler', () => {
  it('runs a due task in one process of several, then not again until its interval has passed', async () => {
    const db = t.database.db;
    let runs = 0;
    const task = {
      name: `test.count-${Date.now()}`,
      schedule: { everyMs: 10 * 60 * 1000 },
      run: async () => {
        runs += 1;
      },
    };
    const processes = [1, 2, 3].map(() => startScheduler({ db, tasks: [task], autoStart: false }));
    const ran = await Promise.all(processes.map((p) => p.tick()));
    expect(runs).toBe(1);
    expect(ran.flat()).toEqual([task.name]);

    await Promise.all(processes.map((p) => p.tick()));
    expect(runs).toBe(1);

    // Ten minutes later (moved in the table rather than waited for).
    await db.execute(
      sql`update scheduled_tasks set next_run_at = now() - interval '1 second' where name = ${task.name}`,
    );
    await Promise.all(processes.map((p) => p.tick()));
    expect(runs).toBe(2);
    const { rows } = await db.execute<{ runs: number; last_error: string | null; due_in: number }>(
      sql`select runs, last_error, extract(epoch from next_run_at - now())::float8 as due_in
          from scheduled_tasks where name = ${task.name}`,
    );
    expect(rows[0]).toMatchObject({ runs: 2, last_error: null });
    expect(Number(rows[0]?.due_in)).toBeGreaterThan(590);
    await Promise.all(processes.map((p) => p.stop()));
  });

  it('follows a calendar schedule and records a failure without stopping', async () => {
    const db = t.database.db;
    const name = `test.failing-${Date.now()}`;
    const scheduler = startScheduler({
      db,
      autoStart: false,
      tasks: [
        {
          name,
          // Due a moment ago, then next at the same time tomorrow.
          schedule: { next: (after) => new Date(after.getTime() - 1000 + 24 * 3_600_000) },
          run: async () => {
            throw new Error('mail server down');
          },
        },
      ],
    });
    await db.execute(
      sql`insert into scheduled_tasks (name, next_run_at) values (${name}, now() - interval '1 minute')`,
    );
    expect(await scheduler.tick()).toEqual([name]);
    const { rows } = await db.execute<{ last_error: string | null }>(
      sql`select last_error from scheduled_tasks where name = ${name}`,
    );
    expect(rows[0]?.last_error).toBe('mail server down');
    expect(await scheduler.tick()).toEqual([]);
    await scheduler.stop();
  });

  it('recomputes scores as a task', async () => {
    const db = t.database.db;
    const video = await createVideo(db, { status: 'approved', views: 10, likes: 5 });
    await scoreRecomputeTask(db).run();
    const [row] = await db.select().from(videos).where(eq(videos.id, video.id));
    expect(row?.score).toBeGreaterThan(0);
  });
});
