/** GET /api/feed (SPEC.md §2 Feed, §7 "Feed videos", §9 page size; DESIGN.md §3). */
import { randomUUID } from 'node:crypto';
import { type FeedPage, feedPageSchema } from '@adreel/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likes, profiles, videos } from '../../src/db/schema';
import { feedStatement } from '../../src/modules/feed/feed.queries';
import { createTestApp, type TestApp } from '../support/app';
import { asRole, signedInUser } from '../support/auth';
import { createUser, createVideo } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function feed(query = '', headers: Record<string, string> = {}): Promise<FeedPage> {
  const res = await t.app.inject({ method: 'GET', url: `/api/feed${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function allPages(headers: Record<string, string> = {}, start?: string) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const params = new URLSearchParams();
    if (cursor) params.set('cursor', cursor);
    else if (start) params.set('start', start);
    const page = await feed(`?${params}`, headers);
    expect(page.videos.length).toBeLessThanOrEqual(20);
    ids.push(...page.videos.map((v) => v.id));
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 20);
  return { ids, pages };
}

describe('the feed', () => {
  it('is empty, with no next page, before anything is approved', async () => {
    await createVideo(t.database.db, { status: 'pending' });
    // No viewer named (no X-Device-Id, signed out): no impression tokens either (issue 16).
    expect(await feed()).toEqual({ videos: [], nextCursor: null, impressions: {} });
  });

  it('pages 20 at a time through every approved video: featured first, then decayed score, newest, id', async () => {
    const db = t.database.db;
    const creator = await createUser(db, { role: 'creator', displayName: 'Mia Makes' });
    const base = Date.now() - 3_600_000;
    const made = [];
    for (let i = 0; i < 45; i += 1) {
      // Ties on purpose: several share a score, and some share a publication time too.
      made.push(
        await createVideo(db, {
          creatorId: creator.id,
          status: 'approved',
          decayedScore: (i % 7) / 10,
          publishedAt: new Date(base + (i % 5) * 1000),
          featured: i === 44 || i === 3,
        }),
      );
    }
    await createVideo(db, { status: 'pending' });
    await createVideo(db, { status: 'rejected' });

    const expected = [...made]
      .sort(
        (a, b) =>
          Number(b.featured) - Number(a.featured) ||
          b.decayedScore - a.decayedScore ||
          (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0) ||
          (a.id < b.id ? 1 : -1),
      )
      .map((v) => v.id);
    const { ids, pages } = await allPages();
    expect(pages).toBe(3);
    expect(ids).toEqual(expected);

    const first = await feed();
    expect(first.videos).toHaveLength(20);
    expect(first.videos[0]).toMatchObject({
      featured: true,
      creator: { id: creator.id, displayName: 'Mia Makes', username: creator.username },
      likedByMe: false,
    });
  });

  it('keeps microsecond publication times apart across a page boundary', async () => {
    const db = t.database.db;
    await db.delete(videos);
    // 21 videos with the same score, published within the same millisecond.
    const made = [];
    for (let i = 0; i < 21; i += 1)
      made.push(await createVideo(db, { status: 'approved', decayedScore: 0.5 }));
    const { sql } = await import('drizzle-orm');
    await db.execute(
      sql`update videos set published_at = timestamptz '2026-01-01 10:00:00.000001+00' + (random() * interval '900 microseconds')`,
    );
    const { ids } = await allPages();
    expect(new Set(ids).size).toBe(21);
    expect(ids).toHaveLength(21);
  });

  it('answers each video in the contract’s shape, field for field from the database', async () => {
    const db = t.database.db;
    const { eq, sql } = await import('drizzle-orm');
    await db.delete(videos);
    const creator = await createUser(db, { role: 'creator', displayName: 'Zoë "Z" \\ Ng' });
    await db
      .update(profiles)
      .set({ photoUrl: '/media/photos/zoe.jpg' })
      .where(eq(profiles.userId, creator.id));
    // Text that JSON must escape, nulls, a fractional duration and a time with microseconds.
    const full = await createVideo(db, {
      creatorId: creator.id,
      status: 'approved',
      title: 'Quotes " and \\ back\nslash, tab\t, émoji 🎬 </script>',
      caption: 'Line one\nline two',
      durationSec: 12.5,
      ctaText: 'Shop now',
      ctaUrl: 'https://example.com/?a=1&b="2"',
      views: 1234,
      likes: 56,
      shares: 7,
      decayedScore: 0.9,
      renditions: [
        { name: '360p', url: '/media/videos/a/1.mp4', width: 360, height: 640, bitrateKbps: 610 },
      ],
    });
    const bare = await createVideo(db, {
      status: 'approved',
      caption: null,
      thumbUrl: null,
      durationSec: null,
      decayedScore: 0.1,
    });
    await db.execute(
      sql`update videos set published_at = timestamptz '2026-03-04 05:06:07.891999+00' where id = ${full.id}`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/feed' });
    expect(res.headers['content-type']).toContain('application/json');
    const page = feedPageSchema.parse(res.json());
    expect(page).toEqual({
      videos: [
        {
          id: full.id,
          title: 'Quotes " and \\ back\nslash, tab\t, émoji 🎬 </script>',
          caption: 'Line one\nline two',
          fileUrl: full.fileUrl,
          renditions: [
            {
              name: '360p',
              url: '/media/videos/a/1.mp4',
              width: 360,
              height: 640,
              bitrateKbps: 610,
            },
          ],
          thumbUrl: full.thumbUrl,
          durationSec: 12.5,
          ctaText: 'Shop now',
          ctaUrl: 'https://example.com/?a=1&b="2"',
          views: 1234,
          likes: 56,
          shares: 7,
          featured: false,
          publishedAt: '2026-03-04T05:06:07.891Z',
          creator: {
            id: creator.id,
            username: creator.username,
            displayName: 'Zoë "Z" \\ Ng',
            photoUrl: '/media/photos/zoe.jpg',
          },
          likedByMe: false,
        },
        expect.objectContaining({
          id: bare.id,
          renditions: null,
          caption: null,
          thumbUrl: null,
          durationSec: null,
          ctaText: null,
          ctaUrl: null,
          publishedAt: bare.publishedAt?.toISOString(),
          creator: expect.objectContaining({ photoUrl: null }),
        }),
      ],
      nextCursor: null,
      impressions: {},
    });
  });

  it('is a statement PostgreSQL plans once: its prepared first page keeps the generic plan', async () => {
    const { text, values } = feedStatement({ viewerId: null, limit: 21 });
    expect(values).toEqual([]);
    const handle = t.database;
    const session =
      handle.driver === 'postgres'
        ? await handle.client.connect()
        : { query: (q: string) => handle.client.query(q), release: () => undefined };
    try {
      await session.query(`prepare feed_probe as ${text}`);
      for (let i = 0; i < 8; i += 1) await session.query('execute feed_probe');
      const { rows } = await session.query(
        `select generic_plans::int as generic, custom_plans::int as custom
         from pg_prepared_statements where name = 'feed_probe'`,
      );
      expect(rows[0]).toMatchObject({ custom: 0 });
      await session.query('deallocate feed_probe');
    } finally {
      session.release();
    }
  });

  it('marks the signed-in viewer’s likes', async () => {
    const db = t.database.db;
    const video = await createVideo(db, { status: 'approved', featured: true });
    const { user, headers } = await signedInUser(t, 'viewer');
    await db.insert(likes).values({ userId: user.id, videoId: video.id });
    const mine = await feed('', headers);
    expect(mine.videos.find((v) => v.id === video.id)?.likedByMe).toBe(true);
    const anonymous = await feed();
    expect(anonymous.videos.find((v) => v.id === video.id)?.likedByMe).toBe(false);
  });

  it('shows the start video first, then the rest without it', async () => {
    const db = t.database.db;
    await db.delete(videos);
    const made = [];
    for (let i = 0; i < 25; i += 1)
      made.push(await createVideo(db, { status: 'approved', decayedScore: i / 100 }));
    const start = made[3]?.id ?? '';
    const { ids } = await allPages({}, start);
    expect(ids[0]).toBe(start);
    expect(ids).toHaveLength(25);
    expect(new Set(ids).size).toBe(25);
  });

  it('ignores a start video that is not live, and refuses a malformed one or a forged cursor', async () => {
    const pending = await createVideo(t.database.db, { status: 'pending' });
    const page = await feed(`?start=${pending.id}`);
    expect(page.videos.map((v) => v.id)).not.toContain(pending.id);

    const bad = await t.app.inject({ method: 'GET', url: '/api/feed?start=nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Invalid video ID');

    for (const cursor of [
      'garbage',
      Buffer.from('{"f":true}').toString('base64url'),
      Buffer.from(
        JSON.stringify({ f: true, s: 1, p: '2026-13-45 99:00:00+00', i: randomUUID() }),
      ).toString('base64url'),
      Buffer.from(
        JSON.stringify({ f: true, s: 1, p: "'; drop table videos; --", i: randomUUID() }),
      ).toString('base64url'),
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/feed?cursor=${cursor}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Invalid cursor');
    }
  });
});

describe('the feed’s micro-cache for signed-out viewers (FEED_CACHE_MS)', () => {
  let c: TestApp;
  beforeAll(async () => {
    // A long TTL so that what is cached stays cached for the whole test.
    c = await createTestApp({ FEED_CACHE_MS: '60000' });
  });
  afterAll(async () => {
    await c?.close();
  });

  const get = async (query = '', headers: Record<string, string> = {}) => {
    const res = await c.app.inject({ method: 'GET', url: `/api/feed${query}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    return res.json() as FeedPage;
  };

  it('reuses a signed-out page, keeps signed-in pages fresh, and moderation clears it at once', async () => {
    const db = c.database.db;
    const { eq } = await import('drizzle-orm');
    const video = await createVideo(db, { status: 'approved' });
    const first = await get();
    expect(first.videos.map((v) => v.id)).toEqual([video.id]);

    // A like stored since: signed-out viewers may see the cached page; the liker sees their like.
    const { user, headers } = await signedInUser(c, 'viewer');
    await db.insert(likes).values({ userId: user.id, videoId: video.id });
    await db.update(videos).set({ likes: 1 }).where(eq(videos.id, video.id));
    expect(await get()).toEqual(first);
    const mine = await get('', headers);
    expect(mine.videos[0]).toMatchObject({ id: video.id, likes: 1, likedByMe: true });

    // Approving a video in this process shows it to signed-out viewers at once.
    const admin = await asRole(c, 'admin');
    const pending = await createVideo(db, { status: 'pending' });
    const approve = await c.app.inject({
      method: 'POST',
      url: `/api/admin/videos/${pending.id}/approve`,
      headers: admin,
    });
    expect(approve.statusCode).toBe(200);
    const after = await get();
    expect(after.videos.map((v) => v.id).sort()).toEqual([video.id, pending.id].sort());
    expect(after.videos.find((v) => v.id === video.id)?.likes).toBe(1);

    // Featuring and rejecting too.
    const feature = await c.app.inject({
      method: 'POST',
      url: `/api/admin/videos/${video.id}/feature`,
      headers: admin,
      payload: { featured: true },
    });
    expect(feature.statusCode).toBe(200);
    expect((await get()).videos[0]).toMatchObject({ id: video.id, featured: true });
  });

  it('keeps each cursor’s page apart and still answers a bad cursor with 400', async () => {
    const res = await c.app.inject({ method: 'GET', url: '/api/feed?cursor=nonsense' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { message: 'Invalid cursor' } });
  });
});
