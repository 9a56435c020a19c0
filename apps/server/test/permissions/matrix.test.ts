/**
 * Walks the permission matrix (matrix.ts) against the real app and database: one request per route
 * and actor, each checked against its expected outcome, and the table checked against the routes
 * the app really registers, collected with Fastify's onRoute hook as the app is built.
 */
import type { FastifyServerOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACTORS, type Actor, MATRIX, type Outcome } from './matrix';
import { PROBES, type Probe } from './probes';
import { createWorld, PASSWORD, type World } from './world';

/** Every route as Fastify registers it, from an onRoute hook on the app's own instance. */
const registered = vi.hoisted(() => [] as Array<{ method: string; url: string }>);

vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof import('fastify')>();
  const create = mod.default;
  // buildApp passes one options object; the app it gets back is the real one, hook added.
  const withRouteList = ((options?: FastifyServerOptions) => {
    const app = create(options);
    app.addHook('onRoute', (route) => {
      const methods: string[] = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) registered.push({ method, url: route.url });
    });
    return app;
  }) as typeof create;
  return { ...mod, default: withRouteList, fastify: withRouteList };
});

/** The HEAD route Fastify adds beside a GET is that GET's row (same hooks, same handler). */
function routeKeys(): string[] {
  const gets = new Set(registered.filter((r) => r.method === 'GET').map((r) => r.url));
  const keys = registered
    .filter((r) => !(r.method === 'HEAD' && gets.has(r.url.replace(/(.)\/$/, '$1'))))
    .map((r) => `${r.method} ${r.url}`);
  return [...new Set(keys)].sort();
}

let w: World;
beforeAll(async () => {
  const { startProvider } = await import('./provider');
  const provider = await startProvider();
  w = await createWorld(provider.env);
  const close = w.close;
  w.close = async () => {
    await close();
    await provider.stop();
  };
}, 120_000);

interface Miss {
  route: string;
  actor: Actor;
  expected: string;
  got: string;
}
const misses: Miss[] = [];

afterAll(async () => {
  if (misses.length > 0) {
    const lines = misses.map(
      (m) =>
        `  ${m.route.padEnd(48)} ${m.actor.padEnd(16)} expected ${m.expected.padEnd(28)} got ${m.got}`,
    );
    console.error(`Permission matrix: ${misses.length} cell(s) differ\n${lines.join('\n')}`);
  }
  await w?.close();
});

function label(outcome: Outcome): string {
  if (outcome === 'allow') return 'allow';
  if (typeof outcome === 'number') return String(outcome);
  return `${outcome.rule} ${outcome.code} (own rule)`;
}

interface Answer {
  status: number;
  code: string | undefined;
  body: string;
}

async function send(probe: Probe): Promise<Answer> {
  if (probe.stream) {
    // Event streams never end: read the status and headers over HTTP, then hang up.
    const abort = new AbortController();
    const res = await fetch(`${w.baseUrl}${probe.url}`, {
      headers: probe.headers ?? {},
      signal: abort.signal,
    });
    const streaming = (res.headers.get('content-type') ?? '').startsWith('text/event-stream');
    const body = streaming ? '' : await res.text();
    abort.abort();
    return { status: res.status, code: codeOf(body), body };
  }
  const res = await w.t.app.inject({
    method: probe.method,
    url: probe.url,
    headers: probe.headers ?? {},
    ...(probe.payload === undefined
      ? {}
      : Buffer.isBuffer(probe.payload)
        ? { payload: probe.payload }
        : { payload: probe.payload as object }),
  });
  return { status: res.statusCode, code: codeOf(res.body), body: res.body };
}

function codeOf(body: string): string | undefined {
  try {
    return JSON.parse(body)?.error?.code;
  } catch {
    return undefined;
  }
}

/** Whether the answer is the outcome; "allow" is a 2xx, or a 3xx for the routes that redirect. */
function matches(outcome: Outcome, answer: Answer, { statusOnly = false } = {}): boolean {
  if (outcome === 'allow') return answer.status >= 200 && answer.status < 400;
  if (typeof outcome === 'number') return answer.status === outcome;
  return answer.status === outcome.rule && (statusOnly || answer.code === outcome.code);
}

describe('the table and the app', () => {
  it('lists every route the app registers, and no route it does not', () => {
    const inApp = routeKeys();
    const inTable = MATRIX.map((row) => row.route);
    expect(inApp.length).toBeGreaterThan(50);
    const missingFromTable = inApp.filter((key) => !inTable.includes(key));
    const notInApp = inTable.filter((key) => !inApp.includes(key));
    expect({ missingFromTable, notInApp }).toEqual({ missingFromTable: [], notInApp: [] });
  });

  it('names each route once, and has a request for each', () => {
    const routes = MATRIX.map((row) => row.route);
    expect(routes.filter((route, i) => routes.indexOf(route) !== i)).toEqual([]);
    expect(routes.filter((route) => !PROBES[route])).toEqual([]);
    expect(Object.keys(PROBES).filter((route) => !routes.includes(route))).toEqual([]);
  });
});

describe.each(MATRIX)('$route', ({ route, outcomes }) => {
  it.each(ACTORS.map((actor) => ({ actor, expected: label(outcomes[actor]) })))(
    '$actor: $expected',
    async ({ actor }) => {
      const build = PROBES[route];
      if (!build) throw new Error(`no request for ${route}`);
      const outcome = outcomes[actor];
      if (actor === 'adminMfaPending') await w.keepTicketFresh();
      const probe = await build(actor, w);
      const before = probe.row ? await probe.row() : undefined;
      const answer = await send(probe);
      const got = `${answer.status}${answer.code ? ` ${answer.code}` : ''}`;
      const problems: string[] = [];
      if (!matches(outcome, answer)) problems.push(`got ${got}: ${answer.body.slice(0, 200)}`);
      else if (actor === 'adminMfaPending' && outcome === 401 && probe.method !== 'HEAD') {
        // The ticket was sent as a bearer token: refused as no access token at all.
        if (answer.code !== 'invalid_token') problems.push(`got ${got}, not invalid_token`);
      } else if (actor === 'adminAal1' && outcome === 403 && probe.method !== 'HEAD') {
        // Refused for the assurance level, not the role: the client can step up and retry.
        if (answer.code !== 'aal2_required') problems.push(`got ${got}, not aal2_required`);
      } else if (actor === 'unproven' && outcome === 403 && probe.method !== 'HEAD') {
        // Refused for the unproven address, not the role: proving it opens what the role allows.
        if (answer.code !== 'email_not_verified')
          problems.push(`got ${got}, not email_not_verified`);
      }
      if (outcome !== 'allow' && probe.row) {
        const after = await probe.row();
        if (JSON.stringify(after) !== JSON.stringify(before))
          problems.push(`refused, yet the row changed: ${JSON.stringify(after).slice(0, 200)}`);
      }
      if (outcome === 'allow')
        for (const id of probe.mustNotSee ?? [])
          if (answer.body.includes(id)) problems.push(`its answer shows A's row ${id}`);
      for (const problem of problems)
        misses.push({ route, actor, expected: label(outcome), got: problem });
      expect(problems, `${route} as ${actor}: expected ${label(outcome)}`).toEqual([]);
    },
  );
});

describe('the sign-in ticket of an admin who has passed only the password step', () => {
  it('is all the password step gives: no session, no refresh cookie', async () => {
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: w.users.admin.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    // Only the device cookie (decision 025: it spares the owner strangers' backoff, opens nothing).
    expect(String(res.headers['set-cookie'] ?? '')).not.toContain('adreel_refresh');
    const body = res.json();
    expect(body.session).toBeUndefined();
    expect(body.mfa.ticket).toEqual(expect.any(String));
  });

  it('is not a refresh token either', async () => {
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=refresh_token',
      payload: { refresh_token: await w.freshTicket() },
    });
    // Longer than any refresh token (200 characters at most), so it is refused before any lookup.
    expect(res.statusCode).toBe(400);
    expect(res.json().session).toBeUndefined();
  });

  it('opens an aal2 session through the second step, and nothing before it', async () => {
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/verify',
      payload: { ticket: await w.freshTicket(), recoveryCode: 'not-a-recovery-code' },
    });
    // The ticket was taken (the code is what was wrong), so the step itself is what is left.
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('invalid_recovery_code');
  });
});

/**
 * The HEAD route Fastify adds beside each GET shares its hooks: it must answer as the GET does.
 * Event streams are left out (a HEAD of a stream would hold the connection like the GET).
 */
const headRows = MATRIX.filter(
  (row) => row.route.startsWith('GET ') && !row.route.endsWith('/stream'),
);
describe.each(headRows)('HEAD beside $route', ({ route, outcomes }) => {
  it.each(ACTORS.map((actor) => ({ actor, expected: label(outcomes[actor]) })))(
    '$actor: $expected',
    async ({ actor }) => {
      const build = PROBES[route];
      if (!build) throw new Error(`no request for ${route}`);
      const outcome = outcomes[actor];
      if (actor === 'adminMfaPending') await w.keepTicketFresh();
      const answer = await send({ ...(await build(actor, w)), method: 'HEAD' });
      // A HEAD answer has no body, so an outcome with an error code is checked by status alone.
      const ok = matches(outcome, answer, { statusOnly: true });
      if (!ok)
        misses.push({
          route: `HEAD ${route}`,
          actor,
          expected: label(outcome),
          got: `${answer.status}`,
        });
      expect(
        ok,
        `HEAD ${route} as ${actor}: expected ${label(outcome)}, got ${answer.status}`,
      ).toBe(true);
    },
  );
});
