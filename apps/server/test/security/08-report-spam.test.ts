/**
 * Issue 13 item 8, reports: one user could file the same report on one video any number of times.
 * Now a reporter has at most one open report per video (a repeat is told, kindly, that it is already
 * reported), at once or not, and a per-user limit stops a flood of reports on many videos.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FEED_MESSAGES } from '@adreel/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../src/db/client';
import { reports } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { type AuthHeaders, signedInUser } from '../support/auth';
import { testClock } from '../support/clock';
import { createUser, createVideo } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function fileReport(app: TestApp, videoId: string, headers: AuthHeaders, reason = 'Spam') {
  return app.app.inject({
    method: 'POST',
    url: `/api/videos/${videoId}/reports`,
    headers,
    payload: { reason },
  });
}

const rowsOf = (videoId: string, reporterId: string) =>
  t.database.db
    .select()
    .from(reports)
    .where(and(eq(reports.videoId, videoId), eq(reports.reporterId, reporterId)));

describe('report spam (issue 13 item 8)', () => {
  it('a repeat report on the same video keeps one row and answers that it is already reported', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    const { user, headers } = await signedInUser(t, 'viewer');

    const first = await fileReport(t, video.id, headers, 'Misleading claims');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      alreadyReported: false,
      message: FEED_MESSAGES.reportSubmitted,
    });

    for (const reason of ['Misleading claims', 'Something else entirely']) {
      const again = await fileReport(t, video.id, headers, reason);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({
        id: first.json().id,
        reason: 'Misleading claims',
        status: 'open',
        alreadyReported: true,
        message: FEED_MESSAGES.reportAlreadyFiled,
      });
    }
    expect(FEED_MESSAGES.reportAlreadyFiled).toBe(
      "You've already reported this video. Our team will review it within 24 hours.",
    );
    expect(await rowsOf(video.id, user.id)).toHaveLength(1);

    // Another person's report on the same video is theirs to file.
    const other = await signedInUser(t, 'viewer');
    expect((await fileReport(t, video.id, other.headers)).statusCode).toBe(201);
  });

  it('ten concurrent reports by one user on one video leave exactly one row', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    const { user, headers } = await signedInUser(t, 'viewer');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => fileReport(t, video.id, headers, `Spam ${i}`)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(answers.map((a) => a.json().id));
    expect(ids.size).toBe(1);
    expect(await rowsOf(video.id, user.id)).toHaveLength(1);
  });

  it('once the open report is closed, the same user may report the video again', async () => {
    const video = await createVideo(t.database.db, { status: 'approved' });
    const { user, headers } = await signedInUser(t, 'viewer');
    const admin = await signedInUser(t, 'admin');
    const first = await fileReport(t, video.id, headers);
    const dismissed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${first.json().id}/dismiss`,
      headers: admin.headers,
    });
    expect(dismissed.statusCode).toBe(200);
    const second = await fileReport(t, video.id, headers, 'It is back and still spam');
    expect(second.statusCode).toBe(201);
    expect(second.json().id).not.toBe(first.json().id);
    expect(await rowsOf(video.id, user.id)).toHaveLength(2);
  });

  it('past the per-user report limit (RATE_LIMITS.reportsPerUser, tunable by RATE_LIMITS) the answer is a 429 with a clear message', async () => {
    // The limiter's clock stands still: four reports across the top of the hour (a new window)
    // would otherwise never reach the limit.
    const limited = await createTestApp(
      { RATE_LIMITS: JSON.stringify({ reportsPerUser: 3 }) },
      { rateLimitClock: testClock().now },
    );
    try {
      const { headers } = await signedInUser(limited, 'viewer');
      const videos = await Promise.all(
        Array.from({ length: 4 }, () => createVideo(limited.database.db, { status: 'approved' })),
      );
      for (const video of videos.slice(0, 3)) {
        expect((await fileReport(limited, video.id, headers)).statusCode).toBe(201);
      }
      const refused = await fileReport(limited, videos[3]?.id ?? '', headers);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: {
          code: 'rate_limited',
          message: FEED_MESSAGES.reportRateLimited,
          requestId: expect.any(String),
        },
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // The limit is the reporter's own: someone else still reports.
      const other = await signedInUser(limited, 'viewer');
      expect((await fileReport(limited, videos[3]?.id ?? '', other.headers)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it("migration 0016 collapses existing duplicates into each reporter's oldest open report", async () => {
    const db = t.database.db;
    const video = await createVideo(db, { status: 'approved' });
    const reporter = await createUser(db, { role: 'viewer' });
    const other = await createUser(db, { role: 'viewer' });
    // As the table was before: no index keeping open reports single.
    await db.execute(sql`drop index reports_open_once`);
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));
    const insert = (reporterId: string, reason: string, minutes: number, closed = false) =>
      db
        .insert(reports)
        .values({
          videoId: video.id,
          reporterId,
          reason,
          createdAt: at(minutes),
          ...(closed ? { status: 'dismissed' as const, resolvedAt: at(minutes + 1) } : {}),
        })
        .returning({ id: reports.id })
        .then((rows) => rows[0]?.id);
    const closedEarlier = await insert(reporter.id, 'closed one', 0, true);
    const oldest = await insert(reporter.id, 'oldest', 5);
    await insert(reporter.id, 'repeat', 6);
    await insert(reporter.id, 'repeat again', 7);
    const othersOwn = await insert(other.id, 'their own', 8);

    const migration = readFileSync(
      path.join(MIGRATIONS_FOLDER, '0016_reports_open_once.sql'),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) {
      await db.execute(sql.raw(statement));
    }
    const left = await db
      .select({ id: reports.id, reason: reports.reason })
      .from(reports)
      .where(eq(reports.videoId, video.id));
    expect(left.map((r) => r.id).sort()).toEqual([closedEarlier, oldest, othersOwn].sort());
    await expect(insert(reporter.id, 'one more', 9)).rejects.toThrow();
  });
});
