/**
 * One fuzz test file's share of the route table: the routes whose position in the sorted table
 * falls to it, each fuzzed with NUM_RUNS cases against one app and state shared by the file.
 *
 * FUZZ_RUNS=n changes the number of cases per route (default 1000), FUZZ_SEED=s replays a failure's
 * seed, FUZZ_PROFILE=1 prints the answers' statuses per route and where the time went.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { TestApp } from '../support/app';
import {
  type CapturedRoute,
  type FuzzContext,
  type FuzzSpec,
  fuzzContext,
  fuzzRoute,
  NUM_RUNS,
  startFuzzApp,
} from './harness';
import { ROUTES } from './routes';

export const CHUNKS = 4;

export function fuzzedRoutes(): Array<[string, FuzzSpec]> {
  return Object.entries(ROUTES)
    .filter((entry): entry is [string, FuzzSpec] => !('skip' in entry[1]))
    .sort(([a], [b]) => a.localeCompare(b));
}

export function describeFuzzChunk(chunk: number): void {
  let testApp: TestApp;
  let routes: Map<string, CapturedRoute>;
  let ctx: FuzzContext;

  beforeAll(async () => {
    const started = await startFuzzApp();
    testApp = started.testApp;
    routes = new Map(started.routes.map((route) => [route.key, route]));
    ctx = await fuzzContext(testApp);
  });
  afterAll(async () => {
    if (process.env.FUZZ_PROFILE) {
      const { profile } = await import('./harness');
      const sum = (f: (p: (typeof profile)[number]) => number) =>
        profile.reduce((a, p) => a + f(p), 0);
      console.log(
        'cases',
        profile.length,
        'checksum ms',
        sum((p) => p.checksum).toFixed(0),
        'inject ms',
        sum((p) => p.inject).toFixed(0),
      );
      const slow = [...profile].sort((a, b) => b.inject - a.inject).slice(0, 15);
      console.log(
        slow.map((p) => `${p.key} ${p.status} ${p.inject.toFixed(0)}ms size ${p.size}`).join('\n'),
      );
      const statuses = new Map<string, Map<number, number>>();
      for (const p of profile) {
        const m = statuses.get(p.key) ?? new Map<number, number>();
        m.set(p.status, (m.get(p.status) ?? 0) + 1);
        statuses.set(p.key, m);
      }
      console.log(
        [...statuses]
          .map(
            ([k, m]) =>
              `${k}: ${[...m]
                .sort((a, b) => a[0] - b[0])
                .map(([st, n]) => `${st}×${n}`)
                .join(' ')}`,
          )
          .join('\n'),
      );
      const byRoute = new Map<string, number>();
      for (const p of profile)
        byRoute.set(p.key, (byRoute.get(p.key) ?? 0) + p.inject + p.checksum);
      console.log(
        [...byRoute]
          .sort((a, b) => b[1] - a[1])
          .map(([k, v]) => `${k} ${v.toFixed(0)}`)
          .join('\n'),
      );
    }
    await testApp?.close();
  });

  describe(`${NUM_RUNS} random and malformed requests to each route never get a 5xx or leave a half-write`, () => {
    for (const [key, spec] of fuzzedRoutes().filter((_, index) => index % CHUNKS === chunk)) {
      it(key, { timeout: 600_000 }, async () => {
        const route = routes.get(key);
        if (!route) throw new Error(`${key} is in the route table but the app has no such route`);
        await fuzzRoute(ctx, route, spec);
      });
    }
  });
}
