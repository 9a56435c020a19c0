import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { type CapturedRoute, startFuzzApp } from './harness';
import { ROUTES } from './routes';

let testApp: TestApp;
let routes: CapturedRoute[];

beforeAll(async () => {
  ({ testApp, routes } = await startFuzzApp());
});
afterAll(() => testApp?.close());

describe('the fuzzed route table', () => {
  it('lists every route the app registers, and only those', () => {
    const registered = routes.map((route) => route.key);
    const unlisted = registered.filter((key) => !(key in ROUTES));
    const stale = Object.keys(ROUTES).filter((key) => !registered.includes(key));
    expect({ unlisted, stale }).toEqual({ unlisted: [], stale: [] });
  });
});
