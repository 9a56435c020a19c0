/**
 * The fuzzing harness (issue 8, item 2): the real app on a database of its own, every route it
 * registers (caught by an onRoute hook, so a new route cannot hide), and one fast-check property per
 * route: whatever arrives — arbitrary JSON, a valid body with one field broken, malformed JSON, the
 * wrong content type, odd queries, headers and path parameters — the answer is below 500, an error
 * has the `{ error: { code, message } }` shape, and a refused request leaves every table as it was.
 */
import { channel } from 'node:diagnostics_channel';
import type { Role } from '@adreel/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import { accessRequests, reports, submissions, whitelist } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { type AuthHeaders, signInAs } from '../support/auth';
import {
  createCampaign,
  createInvite,
  createUser,
  createVideo,
  type TestUser,
} from '../support/factories';
import { propertyNames, validValue } from './schema-arbitrary';

/** A route as the app registered it: method, URL pattern and its zod schemas. */
export interface CapturedRoute {
  key: string;
  method: string;
  url: string;
  body?: ZodType;
  querystring?: ZodType;
  params?: ZodType;
}

/** Who calls a route in most cases: the kind of caller that reaches its handler. */
export type Caller = 'anonymous' | Role;

export interface FuzzSpec {
  caller: Caller;
  /** The body schema when the handler parses the body itself instead of declaring it. */
  body?: ZodType;
  /**
   * Tables a refused request may change and why: a counted attempt is not a half-write. Every
   * other table must be exactly as before a 4xx answer.
   */
  refusedMayWrite?: Record<string, string>;
  /** A success ends the caller's session or account: sign the caller in again after one. */
  endsSession?: boolean;
  /** Opened from a mail in a browser: its errors are HTML pages for people, not JSON. */
  htmlErrors?: boolean;
  /** tus (resumable upload) protocol: bodies are bytes; @tus/server answers protocol errors in plain text. */
  tus?: boolean;
}

export type RouteTable = Record<string, FuzzSpec | { skip: string }>;

/**
 * Tables any refused request may touch: rate-limit counters count attempts, refused ones too, and
 * a refused sign-in is the failure its backoff counts (decision 025).
 */
const ALWAYS_MAY_WRITE = new Set(['rate_limit_counters', 'failure_backoffs']);

/** Limits high enough that the fuzzer reaches the handlers; the limits have tests of their own. */
const NO_LIMITS = {
  signInPerAccount: 1e9,
  signInPerIp: 1e9,
  signUpPerIp: 1e9,
  joinPerIp: 1e9,
  refreshPerIp: 1e9,
  recoverPerAccount: 1e9,
  mfaPerUser: 1e9,
  metricsPerViewer: 1e9,
  metricsPerIp: 1e9,
  reportsPerUser: 1e9,
};

interface RouteSchema {
  body?: ZodType;
  querystring?: ZodType;
  params?: ZodType;
}

/** Builds the app with an onRoute hook in place before any plugin registers a route. */
export async function startFuzzApp(): Promise<{ testApp: TestApp; routes: CapturedRoute[] }> {
  const routes: CapturedRoute[] = [];
  // Fastify publishes each new instance here before anything is registered on it.
  const initialization = channel('fastify.initialization');
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route: RouteOptions) => {
      const schema = (route.schema ?? {}) as RouteSchema;
      for (const method of [route.method].flat()) {
        routes.push({
          key: `${method} ${route.url}`,
          method,
          url: route.url,
          ...(schema.body ? { body: schema.body } : {}),
          ...(schema.querystring ? { querystring: schema.querystring } : {}),
          ...(schema.params ? { params: schema.params } : {}),
        });
      }
    });
  };
  initialization.subscribe(onInit);
  let testApp: TestApp;
  try {
    testApp = await createTestApp({}, { rateLimits: NO_LIMITS });
  } finally {
    initialization.unsubscribe(onInit);
  }
  // Fastify adds a HEAD route for every GET; the GET's property covers it.
  const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
  const unique = new Map<string, CapturedRoute>();
  for (const route of routes) {
    if (route.method === 'HEAD' && gets.has(route.url)) continue;
    unique.set(route.key, route);
  }
  return { testApp, routes: [...unique.values()].sort((a, b) => a.key.localeCompare(b.key)) };
}

/** The rows a fuzzed route can point at, so path parameters sometimes name real things. */
export interface FuzzState {
  users: Record<Role, TestUser>;
  ids: string[];
}

const ROLES: Role[] = ['viewer', 'creator', 'brand', 'admin'];

export async function seedState(testApp: TestApp): Promise<FuzzState> {
  const { db } = testApp.database;
  const users = {} as Record<Role, TestUser>;
  for (const role of ROLES) users[role] = await createUser(db, { role });
  const approved = await createVideo(db, { creatorId: users.creator.id, status: 'approved' });
  const pending = await createVideo(db, { creatorId: users.creator.id });
  const entered = await createVideo(db, { creatorId: users.creator.id, status: 'approved' });
  const campaign = await createCampaign(db, { brandId: users.brand.id });
  const [submission] = await db
    .insert(submissions)
    .values({ campaignId: campaign.id, creatorId: users.creator.id, videoId: entered.id })
    .returning();
  const [report] = await db
    .insert(reports)
    .values({ videoId: approved.id, reporterId: users.viewer.id, reason: 'Fuzz seed' })
    .returning();
  const [listed] = await db
    .insert(whitelist)
    .values({ email: 'listed@example.test', roleAllowed: 'creator' })
    .returning();
  const [request] = await db
    .insert(accessRequests)
    .values({ name: 'Asker', email: 'asker@example.test', role: 'creator' })
    .returning();
  const invite = await createInvite(db);
  // An upload in progress, so the tus routes sometimes name a real one.
  const created = await testApp.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...(await signInAs(testApp, users.creator)),
      'tus-resumable': '1.0.0',
      'upload-length': '1000',
      'upload-metadata': `title ${Buffer.from('Fuzz upload').toString('base64')}`,
    },
  });
  const uploadId = String(created.headers.location ?? '')
    .split('/')
    .pop();
  if (created.statusCode !== 201 || !uploadId)
    throw new Error(`upload not created: ${created.body}`);
  const ids = [
    uploadId,
    approved.id,
    pending.id,
    entered.id,
    campaign.id,
    submission?.id,
    report?.id,
    listed?.id,
    request?.id,
    invite.id,
    users.creator.id,
  ].filter((id): id is string => typeof id === 'string');
  return { users, ids };
}

/**
 * Counts the rows each committed statement inserts, changes or deletes, per table: a row trigger on
 * every table of the app adds to a counter row in the same transaction, so a rolled-back write
 * leaves no count and a committed one always does. Test instrumentation only: one cheap read per
 * case instead of hashing every table.
 */
export async function installWriteCounter(
  testApp: TestApp,
): Promise<() => Promise<Map<string, number>>> {
  const { db } = testApp.database;
  const tables = (
    await db.execute<{ name: string }>(sql`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)
  ).rows.map((row) => row.name);
  await db.execute(
    sql.raw('create table fuzz_writes (table_name text primary key, n bigint not null)'),
  );
  await db.execute(
    sql.raw(`
    create function fuzz_count_write() returns trigger language plpgsql as $$
    begin
      insert into fuzz_writes as w values (tg_table_name, 1)
        on conflict (table_name) do update set n = w.n + 1;
      return null;
    end $$;`),
  );
  for (const name of tables) {
    await db.execute(
      sql.raw(`create trigger fuzz_count_insert_delete after insert or delete on "${name}"
        for each row execute function fuzz_count_write()`),
    );
    await db.execute(
      sql.raw(`create trigger fuzz_count_update after update on "${name}"
        for each row when (old.* is distinct from new.*) execute function fuzz_count_write()`),
    );
  }
  return async () => {
    const rows = (
      await db.execute<{ table_name: string; n: string }>(
        sql`select table_name, n from fuzz_writes`,
      )
    ).rows;
    return new Map(rows.map((row) => [row.table_name, Number(row.n)]));
  };
}

// ---------------------------------------------------------------------------------------------
// Inputs

/** Strings that break things: NUL, lone surrogates, direction overrides, numbers that are not. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Eevil',
  '𝕏'.repeat(300),
  'Z̷̢̛̩̠a̸̧͚l̵̨g̶o̷',
  'NaN',
  'Infinity',
  '-1',
  '-0',
  '0x10',
  '1e999',
  '9'.repeat(400),
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '%00',
  '%E0%A4%A',
  '../../etc/passwd',
  "'; drop table users;--",
  '<script>window.__pwned=1</script>',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-a-uuid',
  '2026-02-30T25:61:61Z',
  '0000-00-00',
];

/** Longer than any field allows; made once, they are the same strings every time. */
const HUGE_STRINGS = ['a', '𝕏', '\u0000', '<'].map((c) => c.repeat(20_000));

const nastyString = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }), weight: 2 },
  { arbitrary: fc.constantFrom(...HUGE_STRINGS), weight: 1 },
);

const nastyNumber = fc.constantFrom(
  -1,
  -0,
  0,
  0.5,
  -0.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  2 ** 31,
  2 ** 63,
  1e-320,
);

function deeplyNested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
}

/** A value of the wrong kind for any field. */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.constantFrom(null, true, false, [], {}, [[[]]], { $ne: null }, { toString: 'x' }),
  fc.constantFrom(...[50, 500, 3000].map(deeplyNested)),
  fc.jsonValue({ maxDepth: 3 }),
);

type Json = unknown;

/**
 * The same value with a NUL character in place of its first character (same length, so still
 * within the schema's bounds): text PostgreSQL cannot store. Inside arrays and objects too.
 */
function withNul(value: unknown): unknown {
  if (typeof value === 'string') return `\u0000${value.slice(1)}`;
  if (Array.isArray(value)) return value.map(withNul);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withNul(v)]));
  return value;
}

/** A valid body with one field broken (or holding a NUL), removed, or an extra key added. */
function nearValid(schema: ZodType): fc.Arbitrary<Json> {
  const keys = propertyNames(schema);
  const valid = validValue(schema);
  if (keys.length === 0) return fc.tuple(valid, badValue).map(([value, bad]) => [value, bad]);
  return fc
    .tuple(
      valid,
      fc.constantFrom(...keys),
      badValue,
      fc.constantFrom('replace', 'replace', 'replace', 'nul', 'nul', 'drop', 'extra', 'proto'),
      fc.string({ maxLength: 20 }),
    )
    .map(([value, key, bad, how, extraKey]) => {
      const base =
        value && typeof value === 'object' && !Array.isArray(value)
          ? { ...(value as Record<string, unknown>) }
          : {};
      if (how === 'replace') base[key] = bad;
      else if (how === 'nul') base[key] = withNul(base[key]);
      else if (how === 'drop') delete base[key];
      else if (how === 'extra') base[extraKey || 'extra'] = bad;
      else return JSON.parse(`{"__proto__":{"admin":true},"constructor":{"prototype":{}}}`);
      return base;
    });
}

export interface FuzzBody {
  /** The raw payload, or undefined for none. */
  payload?: string | Buffer;
  contentType?: string;
}

const JSON_TYPE = 'application/json';

const malformedJson = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.jsonValue().map((value) => JSON.stringify(value).slice(0, -1)),
  fc.constantFrom(
    '{',
    '{"a":',
    '[1,2',
    '{"a":1}}',
    "{'a':1}",
    'NaN',
    '\u0000',
    '{"a":1,}',
    '\uFEFF{}',
  ),
  fc.constantFrom(`{"a":${'['.repeat(5000)}`, `${'['.repeat(20_000)}${']'.repeat(20_000)}`),
);

const wrongContentType = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/jsonx',
  'application/octet-stream',
  'text/html',
  ';;;',
  'application/json, text/plain',
);

function bodyArbitrary(schema: ZodType | undefined): fc.Arbitrary<FuzzBody> {
  const json = (value: fc.Arbitrary<Json>) =>
    value.map((v) => ({ payload: JSON.stringify(v) ?? 'null', contentType: JSON_TYPE }));
  const options: fc.WeightedArbitrary<FuzzBody>[] = [
    { arbitrary: fc.constant({}), weight: 2 },
    { arbitrary: json(fc.jsonValue({ maxDepth: 4 })), weight: 2 },
    { arbitrary: malformedJson.map((payload) => ({ payload, contentType: JSON_TYPE })), weight: 2 },
    {
      arbitrary: fc
        .tuple(
          wrongContentType,
          fc.oneof(
            fc.string({ maxLength: 80 }),
            fc.jsonValue().map((v) => JSON.stringify(v)),
          ),
        )
        .map(([contentType, payload]) => ({ payload, contentType })),
      weight: 1,
    },
    { arbitrary: fc.constant({ payload: '', contentType: JSON_TYPE }), weight: 1 },
    {
      arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => ({
        payload: Buffer.from(bytes),
        contentType: JSON_TYPE,
      })),
      weight: 1,
    },
  ];
  if (schema) {
    options.push({ arbitrary: json(validValue(schema)), weight: 3 });
    options.push({ arbitrary: json(nearValid(schema)), weight: 6 });
  }
  return fc.oneof(...options);
}

/** Percent-encodes the UTF-8 bytes of any string, lone surrogates included (as U+FFFD). */
export function percentEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(char)
      ? char
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function encodeQuery(entries: ReadonlyArray<readonly [string, string]>, raw: boolean): string {
  if (entries.length === 0) return '';
  const parts = entries.map(([key, value]) =>
    raw ? `${key}=${value}` : `${percentEncode(key)}=${percentEncode(value)}`,
  );
  return `?${parts.join('&')}`;
}

const cursorJunk = fc.oneof(
  fc.base64String({ maxLength: 60 }),
  fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v)).toString('base64url')),
  fc.constantFrom('-1', '0', '9'.repeat(40), 'eyJpZCI6IngifQ', '%%%', 'a'.repeat(5000)),
);

function queryArbitrary(schema: ZodType | undefined): fc.Arbitrary<string> {
  const keys = schema ? propertyNames(schema) : [];
  const knownKeys = [...keys, 'cursor', 'limit', 'id', 'status', 'q', 'token'];
  const key = fc.oneof(fc.constantFrom(...knownKeys), fc.string({ maxLength: 10 }));
  const value = fc.oneof(
    nastyString.filter((s) => s.length < 10_000),
    cursorJunk,
    fc.uuid(),
  );
  const junk = fc
    .tuple(fc.array(fc.tuple(key, value), { maxLength: 5 }), fc.boolean())
    .map(([entries, duplicate]) => {
      const all = duplicate && entries[0] ? [...entries, entries[0], entries[0]] : entries;
      return encodeQuery(all, false);
    });
  const options: fc.WeightedArbitrary<string>[] = [
    { arbitrary: fc.constant(''), weight: 3 },
    { arbitrary: junk, weight: 3 },
    {
      arbitrary: fc.constantFrom(
        '?%E0%A4%A',
        '?a=%',
        '?&&&=&',
        '?a[b][c]=1',
        '?__proto__[x]=1',
        `?${'a'.repeat(20_000)}`,
      ),
      weight: 1,
    },
  ];
  if (schema) {
    const valid = validValue(schema).map((value) =>
      Object.entries((value ?? {}) as Record<string, unknown>).map(
        ([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)] as const,
      ),
    );
    options.push({ arbitrary: valid.map((entries) => encodeQuery(entries, false)), weight: 3 });
    options.push({
      arbitrary: valid.map((entries) =>
        encodeQuery(
          entries.map(([k, v]) => [k, withNul(v) as string] as const),
          false,
        ),
      ),
      weight: 1,
    });
    options.push({
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...(keys.length ? keys : ['x'])), value)
        .map(([entries, k, v]) =>
          encodeQuery([...entries.filter(([name]) => name !== k), [k, v]], false),
        ),
      weight: 3,
    });
  }
  return fc.oneof(...options);
}

/** Headers a proxy or a hostile client might send; duplicates arrive joined, as Node joins them. */
const headerArbitrary: fc.Arbitrary<Record<string, string>> = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        ['cookie', 'refresh_token=garbage'],
        ['cookie', `refresh_token=${'a'.repeat(4000)}; refresh_token=b`],
        ['cookie', '=;=;;a=%E0'],
        ['origin', 'https://evil.example'],
        ['origin', 'null'],
        ['sec-fetch-site', 'cross-site'],
        ['accept', 'text/event-stream'],
        ['accept', 'application/xml, */*;q=0.1'],
        ['accept-encoding', 'gzip, br, zstd, x'],
        ['accept-language', 'zz-ZZ;q=2, *;q=-1'],
        ['x-forwarded-for', '1.2.3.4, not-an-ip, ::1'],
        ['x-forwarded-proto', 'gopher'],
        ['user-agent', 'x'.repeat(6000)],
        ['if-none-match', '"a", W/"b", *'],
        ['if-modified-since', 'yesterday'],
        ['range', 'bytes=abc-'],
        ['tus-resumable', '0.0.1'],
        ['upload-length', '-5'],
        ['upload-offset', 'NaN'],
        ['upload-metadata', 'title !!!,caption'],
        ['x-http-method-override', 'DELETE'],
      ),
      fc.tuple(
        fc.constantFrom('x-fuzz', 'accept', 'x-request-id', 'referer'),
        fc.string({ unit: 'grapheme-ascii', maxLength: 100 }),
      ),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of pairs) {
      const existing = headers[name];
      headers[name] =
        existing === undefined ? value : `${existing}${name === 'cookie' ? '; ' : ', '}${value}`;
    }
    return headers;
  });

const BAD_AUTHORIZATION = [
  'Bearer',
  'Bearer ',
  'Bearer x.y.z',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
  `Bearer ${'a'.repeat(8000)}`,
  'Basic Zm9vOmJhcg==',
  'bearer\u0000x',
];

type CallerChoice = { kind: 'role'; caller: Caller } | { kind: 'bad'; authorization: string };

function callerArbitrary(usual: Caller): fc.Arbitrary<CallerChoice> {
  const all: Caller[] = ['anonymous', ...ROLES];
  return fc.oneof(
    { arbitrary: fc.constant({ kind: 'role' as const, caller: usual }), weight: 7 },
    {
      arbitrary: fc.constantFrom(...all).map((caller) => ({ kind: 'role' as const, caller })),
      weight: 2,
    },
    {
      arbitrary: fc.constantFrom(...BAD_AUTHORIZATION).map((authorization) => ({
        kind: 'bad' as const,
        authorization,
      })),
      weight: 1,
    },
  );
}

function paramArbitrary(ids: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...ids).map(percentEncode), weight: 4 },
    { arbitrary: fc.uuid().map(percentEncode), weight: 2 },
    {
      arbitrary: fc.oneof(
        nastyString.filter((s) => s.length > 0 && s.length < 5000).map(percentEncode),
        fc.constantFrom('%E0%A4%A', '%', '..%2F..', 'a'.repeat(3000), '%00', '%C0%AF'),
      ),
      weight: 3,
    },
  );
}

const base64 = (value: string) => Buffer.from(value).toString('base64');

/** The tus protocol's headers, mostly well-formed so that the upload handlers are reached. */
const tusHeaderArbitrary: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'tus-resumable': fc.constantFrom('1.0.0', '1.0.0', '1.0.0', '0.2', ''),
    'upload-length': fc.oneof(
      fc.nat({ max: 10_000_000 }).map(String),
      fc.constantFrom('-1', '1e9', 'abc', '99999999999999999999'),
    ),
    'upload-offset': fc.oneof(fc.nat({ max: 1000 }).map(String), fc.constantFrom('-1', 'x')),
    'upload-metadata': fc.oneof(
      fc
        .tuple(
          nastyString.filter((s) => s.length < 500),
          fc.constantFrom('video/mp4', 'text/html', ''),
        )
        .map(
          ([title, type]) =>
            `title ${base64(title)},filename ${base64('a.mp4')},filetype ${base64(type)}`,
        ),
      fc.string({ maxLength: 80 }),
    ),
  },
  { requiredKeys: ['tus-resumable'] },
);

export interface FuzzCase {
  caller: CallerChoice;
  path: string;
  query: string;
  body: FuzzBody;
  headers: Record<string, string>;
}

export function caseArbitrary(
  route: CapturedRoute,
  spec: FuzzSpec,
  ids: string[],
): fc.Arbitrary<FuzzCase> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  const params = fc.tuple(...names.map(() => paramArbitrary(ids)));
  const bodySchema = spec.body ?? route.body;
  const body = spec.tus
    ? fc.oneof(
        fc.constant<FuzzBody>({}),
        fc.uint8Array({ maxLength: 300 }).map((bytes) => ({
          payload: Buffer.from(bytes),
          contentType: 'application/offset+octet-stream',
        })),
        bodyArbitrary(undefined),
      )
    : bodyArbitrary(bodySchema);
  return fc
    .record({
      caller: callerArbitrary(spec.caller),
      params,
      query: queryArbitrary(route.querystring),
      body,
      headers: headerArbitrary,
      tusHeaders: spec.tus ? tusHeaderArbitrary : fc.constant({}),
    })
    .map(({ caller, params: values, query, body: b, headers, tusHeaders }) => {
      let index = 0;
      const path = route.url.replace(/:(\w+)/g, () => values[index++] ?? '');
      return { caller, path, query, body: b, headers: { ...tusHeaders, ...headers } };
    });
}

/** Was this a well-formed error body? Returns what is wrong, or null. */
export function errorShapeProblem(body: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `not JSON: ${body.slice(0, 200)}`;
  }
  const error = (parsed as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (!error || typeof error.code !== 'string' || typeof error.message !== 'string')
    return `not { error: { code, message } }: ${body.slice(0, 200)}`;
  if (error.message.length === 0) return 'empty error message';
  return null;
}

// ---------------------------------------------------------------------------------------------
// The property

export interface FuzzContext {
  testApp: TestApp;
  state: FuzzState;
  readWrites: () => Promise<Map<string, number>>;
  /** The counts after the last case: nothing writes between cases. */
  writes?: Map<string, number>;
  headers: Map<Role, AuthHeaders>;
}

export async function fuzzContext(testApp: TestApp): Promise<FuzzContext> {
  const state = await seedState(testApp);
  const headers = new Map<Role, AuthHeaders>();
  for (const role of ROLES) headers.set(role, await signInAs(testApp, state.users[role]));
  return { testApp, state, readWrites: await installWriteCounter(testApp), headers };
}

export const profile: Array<{
  key: string;
  status: number;
  checksum: number;
  inject: number;
  size: number;
}> = [];

export const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 1000);

/** Runs `numRuns` cases against one route; throws (with fast-check's seed) on the first bad answer. */
export async function fuzzRoute(
  ctx: FuzzContext,
  route: CapturedRoute,
  spec: FuzzSpec,
): Promise<void> {
  const { app } = ctx.testApp;
  const mayWrite = new Set([...ALWAYS_MAY_WRITE, ...Object.keys(spec.refusedMayWrite ?? {})]);
  const property = fc.asyncProperty(caseArbitrary(route, spec, ctx.state.ids), async (fuzz) => {
    const headers: Record<string, string> = { ...fuzz.headers };
    if (fuzz.caller.kind === 'bad') headers.authorization = fuzz.caller.authorization;
    else if (fuzz.caller.caller !== 'anonymous') {
      const auth = ctx.headers.get(fuzz.caller.caller);
      if (auth) headers.authorization = auth.authorization;
    }
    if (fuzz.body.contentType) headers['content-type'] = fuzz.body.contentType;
    const t0 = performance.now();
    const before = ctx.writes ?? (await ctx.readWrites());
    const t1 = performance.now();
    const response = await app.inject({
      method: route.method as 'GET',
      url: `${fuzz.path}${fuzz.query}`,
      headers,
      ...(fuzz.body.payload !== undefined ? { payload: fuzz.body.payload } : {}),
    });
    const status = response.statusCode;
    const t2 = performance.now();
    if (process.env.FUZZ_PROFILE)
      profile.push({
        key: route.key,
        status,
        checksum: t1 - t0,
        inject: t2 - t1,
        size: String(fuzz.body.payload ?? '').length + fuzz.query.length,
      });
    if (status >= 500) throw new Error(`${status} ${response.body.slice(0, 500)}`);
    const type = String(response.headers['content-type'] ?? '');
    // An HTML page for a person, or the tus server's own plain-text answers to the tus protocol.
    const otherShape =
      (spec.htmlErrors && type.startsWith('text/html')) || (spec.tus && !type.includes('json'));
    if (status >= 400 && route.method !== 'HEAD' && !otherShape) {
      const problem = errorShapeProblem(response.body);
      if (problem) throw new Error(`${status} with ${problem}`);
    }
    const after = await ctx.readWrites();
    ctx.writes = after;
    const t3 = performance.now();
    if (process.env.FUZZ_PROFILE) (profile.at(-1) as { checksum: number }).checksum += t3 - t2;
    if (status >= 400) {
      const changed = [...after.keys()].filter(
        (table) => !mayWrite.has(table) && after.get(table) !== before.get(table),
      );
      if (changed.length > 0)
        throw new Error(
          `${status} ${response.body.slice(0, 200)} but changed ${changed.join(', ')}`,
        );
    } else if (
      spec.endsSession &&
      fuzz.caller.kind === 'role' &&
      fuzz.caller.caller !== 'anonymous'
    ) {
      // The session (or account) the caller used is gone: a new one for the next case.
      const role = fuzz.caller.caller;
      const user = await createUser(ctx.testApp.database.db, { role });
      ctx.state.users[role] = user;
      ctx.headers.set(role, await signInAs(ctx.testApp, user));
      ctx.writes = await ctx.readWrites();
    }
  });
  const details = await fc.check(property, {
    numRuns: NUM_RUNS,
    ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
    // A shrink re-runs cases against changed state; the first counterexample and its seed suffice.
    endOnFailure: true,
  });
  if (details.failed) {
    const error =
      details.errorInstance instanceof Error
        ? details.errorInstance.message
        : String(details.errorInstance);
    throw new Error(
      `${route.key} failed after ${details.numRuns} cases (seed ${details.seed}, path ${details.counterexamplePath}; rerun with FUZZ_SEED=${details.seed}):\n` +
        `${error}\ncase: ${brief(details.counterexample?.[0])}`,
    );
  }
}

/** A counterexample short enough to read: long strings cut, deep values summarised. */
function brief(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'string' && v.length > 120) return `${v.slice(0, 60)}…(${v.length} chars)`;
    if (Buffer.isBuffer(v)) return `<${v.length} bytes>`;
    return v;
  }).slice(0, 3000);
}
