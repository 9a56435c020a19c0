/**
 * Two API processes and one worker on one PostgreSQL server (issue 8, DESIGN.md §1: nothing another
 * process needs lives in one process's memory). Each is the real server as a child process with its
 * own port, sharing the database and DATA_DIR as they would behind a load balancer:
 * PROCESS_ROLE=api twice, PROCESS_ROLE=worker once. Checked: the live beta counter opened in a
 * browser on one API process moves when someone joins through the other; sign-in limits are counted
 * once across both; each processing job runs once, on the worker, and each scheduled task once; a
 * session made on one process works, and refreshes, on the other.
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '../../src/platform/media/ffmpeg';
import {
  freePort,
  prepareServerState,
  type ServerProcess,
  type ServerState,
  startServer,
  waitFor,
} from '../faults/server-process';
import { makeVideoFixtures, type VideoFixtures } from '../fixtures/videos';
import { createUser } from '../support/factories';
import { encodeMetadata, TUS } from '../support/tus';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let state: ServerState;
let fixtures: VideoFixtures;
let api1: ServerProcess | undefined;
let api2: ServerProcess | undefined;
let worker: ServerProcess | undefined;
let browser: Browser | undefined;
let transcodeLog: string;

const email = 'two-processes@example.test';
const password = 'a long enough password 1';
const limitedEmail = 'limited@example.test';

/** Records every transcode (which process, which video) and hands it to the real ffmpeg. */
const WRAPPER = `#!/bin/sh
for last; do :; done
case "$last" in
  */out.mp4) echo "$PROCESS_NAME $last" >> "$TRANSCODE_LOG" ;;
esac
exec "$REAL_FFMPEG" "$@"
`;

beforeAll(async () => {
  if (!onPostgres) return;
  [state, fixtures] = await Promise.all([prepareServerState(), makeVideoFixtures()]);
  const database = await state.openDb();
  try {
    await createUser(database.db, { role: 'creator', email, password });
    await createUser(database.db, { role: 'viewer', email: limitedEmail, password });
  } finally {
    await database.close();
  }
  const tools = path.join(state.dataDir, 'tools');
  await mkdir(tools);
  const wrapper = path.join(tools, 'ffmpeg');
  await writeFile(wrapper, WRAPPER);
  await chmod(wrapper, 0o755);
  transcodeLog = path.join(tools, 'transcodes');
  await writeFile(transcodeLog, '');
  const shared = {
    // One public address for all, as behind a load balancer: tokens name it as their issuer.
    PUBLIC_URL: `http://localhost:${state.port}`,
    FFMPEG_PATH: wrapper,
    REAL_FFMPEG: ffmpegPath(),
    TRANSCODE_LOG: transcodeLog,
  };
  const [port2, port3] = [await freePort(), await freePort()];
  // All three at once: their migrations and start-up race as they would in a deployment.
  [api1, api2, worker] = await Promise.all([
    startServer(state, { ...shared, PROCESS_ROLE: 'api', PROCESS_NAME: 'api1' }),
    startServer(state, { ...shared, PROCESS_ROLE: 'api', PROCESS_NAME: 'api2' }, { port: port2 }),
    startServer(
      state,
      { ...shared, PROCESS_ROLE: 'worker', PROCESS_NAME: 'worker' },
      { port: port3 },
    ),
  ]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await Promise.all([api1?.kill9(), api2?.kill9(), worker?.kill9()]);
  await state?.dispose();
});

function started(process: ServerProcess | undefined): ServerProcess {
  if (!process) throw new Error('not started');
  return process;
}

const json = { 'content-type': 'application/json' };

async function signIn(url: string, who: string, secret: string): Promise<Response> {
  return fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: who, password: secret }),
  });
}

/** The refresh cookie a response set, as a Cookie header. */
function refreshCookieOf(response: Response): string {
  const cookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith('adreel_refresh='));
  if (!cookie) throw new Error('no refresh cookie was set');
  return cookie.split(';')[0] ?? '';
}

describe.skipIf(!onPostgres)('two API processes and one worker on one PostgreSQL server', () => {
  it('only the API processes serve the API; the worker answers health checks only', async () => {
    const { url: one } = started(api1);
    const { url: two } = started(api2);
    const { url: three } = started(worker);
    for (const url of [one, two]) expect((await fetch(`${url}/api/feed`)).status).toBe(200);
    expect((await fetch(`${three}/readyz`)).status).toBe(200);
    expect((await fetch(`${three}/api/feed`)).status).toBe(404);
  });

  it('sends the live beta counter to a browser on one process when someone joins on the other', async () => {
    const { url: one } = started(api1);
    const { url: two } = started(api2);
    // Debian's Chromium, as the Playwright journeys use it (playwright.config.ts): never a download.
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    });
    const page = await browser.newPage();
    // A page of process 2's origin, listening to its stream as the landing page does.
    await page.goto(`${two}/healthz`);
    await page.evaluate(() => {
      const events: number[] = [];
      Object.assign(globalThis, { betaCounts: events });
      new EventSource('/api/beta/progress/stream').onmessage = (event) => {
        events.push((JSON.parse(event.data) as { count: number }).count);
      };
    });
    const counts = () =>
      page.evaluate(() => (globalThis as unknown as { betaCounts: number[] }).betaCounts);
    const first = await waitFor('the first count in the browser', async () => (await counts())[0]);

    const joined = await fetch(`${one}/api/access-requests`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'Ana', email: 'ana@example.test', role: 'creator' }),
    });
    expect(joined.status).toBe(201);
    const seen = await waitFor('the new count in the browser on the other process', async () => {
      const list = await counts();
      return list.at(-1) === first + 1 ? list : undefined;
    });
    // The count it started with, then the new one (a repeat of either would be harmless).
    expect([...new Set(seen)]).toEqual([first, first + 1]);
    const progress = (await (await fetch(`${one}/api/beta/progress`)).json()) as { count: number };
    expect(progress.count).toBe(first + 1);
  });

  it('counts sign-in attempts once across both processes', async () => {
    const urls = [started(api1).url, started(api2).url];
    // An account has 10 free failures, then a wait (decision 025): alternating, each process sees
    // only 5 of them, and both refuse the next attempt.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await signIn(urls[attempt % 2] ?? '', limitedEmail, 'a wrong password 1');
      expect(response.status).toBe(401);
    }
    const database = await state.openDb();
    try {
      // One count of all ten, whose last failure started the first wait (1 s from when its
      // password was found wrong, the attempt counted a little before)...
      const key = `signin:account:${limitedEmail}`;
      const [count] = (
        await database.db.execute<{ failures: number; wait_ms: number }>(sql`
          select failures,
            (extract(epoch from blocked_until - last_attempt_at) * 1000)::float8 as wait_ms
          from failure_backoffs where key = ${key}`)
      ).rows;
      expect(count?.failures).toBe(10);
      expect(count?.wait_ms).toBeGreaterThanOrEqual(1000);
      // ...which the test makes last an hour: a machine slow for a second between two requests
      // would otherwise see it end, and a refusal from both processes is what is asked.
      await database.db.execute(sql`
        update failure_backoffs set blocked_until = blocked_until + interval '1 hour'
        where key = ${key}`);
    } finally {
      await database.close();
    }
    for (const url of urls) {
      const refused = await signIn(url, limitedEmail, 'a wrong password 1');
      expect(refused.status).toBe(429);
      // The wait each process reads is the shared one.
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3_000);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
        'rate_limited',
      );
    }
  });

  it('keeps a session made on one process working on the other, refresh included', async () => {
    const { url: one } = started(api1);
    const { url: two } = started(api2);
    const signedIn = await signIn(one, email, password);
    expect(signedIn.status).toBe(200);
    const { session } = (await signedIn.json()) as { session: { access_token: string } };
    const cookie = refreshCookieOf(signedIn);

    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const onTwo = await fetch(`${two}/api/account/sessions`, {
      headers: bearer(session.access_token),
    });
    expect(onTwo.status).toBe(200);

    const refreshed = await fetch(`${two}/api/auth/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { cookie },
    });
    expect(refreshed.status).toBe(200);
    const renewed = (await refreshed.json()) as { session: { access_token: string } | null };
    expect(renewed.session?.access_token).toEqual(expect.any(String));
    const rotated = refreshCookieOf(refreshed);
    expect(rotated).not.toBe(cookie);
    const backOnOne = await fetch(`${one}/api/account/sessions`, {
      headers: bearer(renewed.session?.access_token ?? ''),
    });
    expect(backOnOne.status).toBe(200);
    // Signing out on process 2 ends the session for process 1 too: its refresh is refused there.
    const signedOut = await fetch(`${two}/api/auth/signout`, {
      method: 'POST',
      headers: { cookie: rotated },
    });
    expect(signedOut.status).toBe(204);
    const afterSignOut = await fetch(`${one}/api/auth/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { cookie: rotated },
    });
    expect(afterSignOut.status).toBe(401);
  });

  it('runs each processing job once, on the worker, and each scheduled task once', async () => {
    const urls = [started(api1).url, started(api2).url];
    const bytes = await readFile(fixtures.shortMp4);
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const url = urls[i % 2] ?? '';
      const created = await fetch(`${url}/api/uploads`, {
        method: 'POST',
        headers: {
          ...state.headers,
          ...TUS,
          'upload-length': String(bytes.length),
          'upload-metadata': encodeMetadata({ title: `Clip ${i + 1}` }),
        },
      });
      expect(created.status).toBe(201);
      const finished = await fetch(new URL(created.headers.get('location') ?? '', url), {
        method: 'PATCH',
        headers: {
          ...state.headers,
          ...TUS,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        body: bytes,
      });
      expect(finished.status).toBe(201);
      ids.push(((await finished.json()) as { video: { id: string } }).video.id);
    }
    const videos = await waitFor('every clip to be processed', async () => {
      const response = await fetch(`${urls[1]}/api/creator/videos`, { headers: state.headers });
      const list = ((await response.json()) as { videos: { id: string; status: string }[] }).videos;
      const ours = list.filter((video) => ids.includes(video.id));
      return ours.length === ids.length && ours.every((video) => video.status !== 'processing')
        ? ours
        : undefined;
    });
    expect(videos.map((video) => video.status)).toEqual(ids.map(() => 'pending'));

    // One transcode per video, every one by the worker.
    const transcodes = (await readFile(transcodeLog, 'utf8')).trim().split('\n');
    expect(transcodes.map((line) => line.split(' ')[0])).toEqual(ids.map(() => 'worker'));
    for (const id of ids)
      expect(transcodes.filter((line) => line.includes(`/${id}/`))).toHaveLength(1);

    const database = await state.openDb();
    try {
      // Each video's processing job, then the rendition ladder it enqueues (issue 20), ran once.
      const jobs = await waitFor('every ladder job to finish', async () => {
        const result = await database.db.execute<{
          queue: string;
          state: string;
          attempts: number;
        }>(sql`
          select queue, state, attempts from jobs
          where payload->>'videoId' = any(${`{${ids.join(',')}}`}::text[])
          order by queue, payload->>'videoId'`);
        return result.rows.every((row) => row.state === 'done' || row.state === 'failed')
          ? result.rows
          : undefined;
      });
      expect(jobs).toEqual([
        ...ids.map(() => ({ queue: 'video.ladder', state: 'done', attempts: 1 })),
        ...ids.map(() => ({ queue: 'video.process', state: 'done', attempts: 1 })),
      ]);
      // The score recompute (every 10 minutes) and the impression tokens' prune (hourly) are due at
      // once on a first start: each ran once in all, on one process; the weekly digest is not due
      // yet and never ran.
      const tasks = await database.db.execute<{ name: string; runs: number; error: string | null }>(
        sql`select name, runs, last_error as error from scheduled_tasks order by name`,
      );
      expect(tasks.rows).toEqual([
        { name: 'digest.weekly', runs: 0, error: null },
        { name: 'metrics.prune-token-uses', runs: 1, error: null },
        { name: 'scores.recompute', runs: 1, error: null },
      ]);
    } finally {
      await database.close();
    }
  });
});
