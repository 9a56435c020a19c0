/**
 * Issue 13 item 4: per-IP limits hold in production. Before, NODE_ENV=production trusted every
 * sender's X-Forwarded-For, so a client's own first value became its IP and rotating it never
 * reached a 429. Now TRUST_PROXY says whose headers to believe: nobody's by default, a number of
 * hops in front of the server, or the proxies' addresses. Every test runs with NODE_ENV=production.
 */
import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { rateLimitCounters } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { testClock } from '../support/clock';

const LIMIT = 3;

/**
 * The app as deployed (NODE_ENV=production), with a join limit of LIMIT per IP and hour. The
 * limiter's clock stands still, so a test running across the top of the hour (a new window) still
 * reaches the limit.
 */
async function production(env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  return createTestApp(
    { NODE_ENV: 'production', PUBLIC_URL: 'https://adreel.example', ...env },
    { rateLimits: { joinPerIp: LIMIT }, rateLimitClock: testClock().now },
  );
}

/** One join attempt (counted before validation): its status, 429 once the sender's IP is spent. */
async function join(t: TestApp, from: string, forwardedFor?: string): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/access-requests',
    payload: {},
    remoteAddress: from,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  return response.statusCode;
}

/** The addresses the join limit has counted, as the rate-limit table keys them. */
async function countedAddresses(t: TestApp): Promise<string[]> {
  const rows = await t.database.db
    .select({ key: rateLimitCounters.key })
    .from(rateLimitCounters)
    .where(like(rateLimitCounters.key, 'join:ip:%'));
  return rows.map((row) => row.key.slice('join:ip:'.length)).sort();
}

/** A fresh made-up address per attempt, as a script rotating X-Forwarded-For would send. */
const spoofed = (n: number) => `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;

describe('TRUST_PROXY unset (the default, also in production)', () => {
  it('limits a client that rotates X-Forwarded-For by its own address', async () => {
    const t = await production();
    try {
      const statuses: number[] = [];
      for (let n = 0; n <= LIMIT; n++) statuses.push(await join(t, '203.0.113.7', spoofed(n)));
      expect(statuses.slice(0, LIMIT).every((status) => status === 400)).toBe(true);
      expect(statuses[LIMIT]).toBe(429);
      expect(await countedAddresses(t)).toEqual(['203.0.113.7']);
    } finally {
      await t.close();
    }
  });

  it('believes no X-Forwarded-Proto or X-Forwarded-Host either: another site stays another site', async () => {
    const t = await production();
    try {
      // The origin check compares Origin with the page's own origin; forged forwarding headers
      // must not make https://evil.example that origin.
      const passkeyOptions = (origin: string, forged: boolean) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/passkey/options',
          remoteAddress: '203.0.113.7',
          headers: {
            host: 'adreel.example',
            origin,
            ...(forged ? { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' } : {}),
          },
        });
      expect((await passkeyOptions('https://adreel.example', false)).statusCode).toBe(200);
      const forged = await passkeyOptions('https://evil.example', true);
      expect(forged.statusCode).toBe(403);
      expect(forged.json().error.code).toBe('cross_origin');
    } finally {
      await t.close();
    }
  });
});

describe('TRUST_PROXY=1 (one load balancer in front)', () => {
  it('takes the address the load balancer appended (the last hop), whatever the client wrote before it', async () => {
    const t = await production({ TRUST_PROXY: '1' });
    try {
      const statuses: number[] = [];
      for (let n = 0; n <= LIMIT; n++) {
        // The client sends a made-up X-Forwarded-For; the load balancer appends the real address.
        statuses.push(await join(t, '10.0.0.2', `${spoofed(n)}, 198.51.100.20`));
      }
      expect(statuses[LIMIT]).toBe(429);
      // Another client behind the same load balancer keeps its own allowance.
      expect(await join(t, '10.0.0.2', `${spoofed(99)}, 198.51.100.21`)).toBe(400);
      expect(await countedAddresses(t)).toEqual(['198.51.100.20', '198.51.100.21']);
    } finally {
      await t.close();
    }
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  it('believes a listed proxy, through a chain of listed proxies, and no one else', async () => {
    const t = await production({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' });
    try {
      // Through two listed proxies: the client is the first address that is not one of them.
      const statuses: number[] = [];
      for (let n = 0; n <= LIMIT; n++) {
        statuses.push(await join(t, '10.1.2.3', `${spoofed(n)}, 198.51.100.30, 10.4.5.6`));
      }
      expect(statuses[LIMIT]).toBe(429);

      // A sender that is not listed is the client itself, whatever it forwards.
      const direct: number[] = [];
      for (let n = 0; n <= LIMIT; n++) direct.push(await join(t, '203.0.113.40', spoofed(n)));
      expect(direct[LIMIT]).toBe(429);

      expect(await countedAddresses(t)).toEqual(['198.51.100.30', '203.0.113.40']);
    } finally {
      await t.close();
    }
  });
});

describe('TRUST_PROXY values', () => {
  it('reads nothing by default, in production too, a hop count and a list', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 127.0.0.1,::1,fd00::/8 ' }).trustProxy).toEqual({
      addresses: ['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8'],
    });
    expect(loadConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toEqual({
      addresses: ['loopback', 'uniquelocal'],
    });
  });

  it.each([
    ['true', /TRUST_PROXY: .*would let any client choose its own IP/],
    ['*', /TRUST_PROXY: .*would let any client choose its own IP/],
    ['10.0.0.0/33', /TRUST_PROXY: .*not an address: "10.0.0.0\/33"/],
    ['10.0.0.1,proxy.internal', /TRUST_PROXY: .*not an address: "proxy.internal"/],
    ['10.0.0.1,,10.0.0.2', /TRUST_PROXY: .*not an address: ""/],
    ['-1', /TRUST_PROXY: .*not an address: "-1"/],
    ['99', /TRUST_PROXY: a hop count must be between 1 and 10/],
  ])('stops the server at start on TRUST_PROXY=%s, naming the variable', (value, message) => {
    const attempt = () => loadConfig({ TRUST_PROXY: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(message);
  });
});
