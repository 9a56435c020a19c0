/**
 * The process's configuration, read from the environment once at start and validated with zod.
 * A bad value stops the process with a message naming the variable, before anything listens.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_APP_NAME } from '@adreel/domain';
import { z } from 'zod';
import { RATE_LIMITS, type RateLimitOverrides } from './platform/rate-limit';

/** The repository root, so relative paths mean the same whether started from the root or a workspace. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const postgresUrl = z
  .url({ error: 'must be a URL such as postgres://user@host:5432/db' })
  .refine((value) => /^postgres(ql)?:\/\//.test(value), {
    error: 'must start with postgres:// or postgresql://',
  });

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * OpenID Connect providers for "Continue with …" (issue 7), as a JSON array in OIDC_PROVIDERS. The
 * issuer's discovery document supplies the endpoints and keys. Plain http only for a local issuer
 * (a test or development provider on this machine).
 */
const oidcProviderSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, {
    error: 'id must be lower-case letters, digits, - or _',
  }),
  name: z.string().trim().min(1).max(40),
  issuer: z.url({ error: 'issuer must be a URL' }).refine(
    (value) => {
      const url = new URL(value);
      return url.protocol === 'https:' || ['localhost', '127.0.0.1'].includes(url.hostname);
    },
    { error: 'issuer must be https (http only for localhost)' },
  ),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1).optional(),
  scopes: z.array(z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]+$/)).optional(),
  /**
   * How we authenticate at the token endpoint with clientSecret: HTTP Basic or the secret in the
   * form body. Unset: what the discovery document lists first of the two (OIDC Discovery's default,
   * client_secret_basic, when it lists none). Without a clientSecret the client is public ("none").
   */
  tokenEndpointAuthMethod: z
    .enum(['client_secret_basic', 'client_secret_post'], {
      error: 'tokenEndpointAuthMethod must be client_secret_basic or client_secret_post',
    })
    .optional(),
});
export type OidcProviderConfig = z.infer<typeof oidcProviderSchema>;

const oidcProvidersSchema = z
  .string()
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of providers' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(oidcProviderSchema, { error: 'must be a JSON array of providers' })
      .refine((list) => new Set(list.map((p) => p.id)).size === list.length, {
        error: 'provider ids must be unique',
      })
      .refine((list) => list.every((p) => !p.tokenEndpointAuthMethod || p.clientSecret), {
        error: 'tokenEndpointAuthMethod needs a clientSecret',
      }),
  );

/** `{"signInPerIp": 10000, ...}`: limits tuned per deployment, or raised for browser journeys and load tests. */
const rateLimitsSchema = z
  .string()
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object of limits' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .record(
        z.string(),
        z.number().int().min(1, { error: 'limits must be whole numbers of at least 1' }),
        { error: 'must be a JSON object of limits' },
      )
      .superRefine((limits, ctx) => {
        const unknown = Object.keys(limits).filter((name) => !Object.hasOwn(RATE_LIMITS, name));
        if (unknown.length > 0) {
          ctx.addIssue({
            code: 'custom',
            message: `names a limit that does not exist: ${unknown.join(', ')} (known: ${Object.keys(RATE_LIMITS).join(', ')})`,
          });
        }
      })
      .transform((limits) => limits as RateLimitOverrides),
  );

/** A whole number of at least `min` (connections, streams). */
const wholeNumber = (min: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be at least ${min}` });

/** proxy-addr's names for address ranges, usable in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies' X-Forwarded-For/-Proto/-Host to believe (decision 024): none by default, so a
 * client cannot choose its own IP (per-IP limits, session records) by sending the header. A hop
 * count believes that many proxies in front of the server whoever they are (only when nothing else
 * can reach it); a list believes only the proxies at those addresses.
 */
const trustProxySchema = z.string().transform((value, ctx): TrustProxy => {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    if (hops > 0 && hops <= 10) return { hops };
    if (hops === 0) return false;
    ctx.addIssue({ code: 'custom', message: 'a hop count must be between 1 and 10' });
    return z.NEVER;
  }
  if (['true', 'false', 'yes', 'no', 'all', '*'].includes(trimmed.toLowerCase())) {
    ctx.addIssue({
      code: 'custom',
      message:
        'must be a number of proxies (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1); trusting every sender would let any client choose its own IP',
    });
    return z.NEVER;
  }
  const entries = trimmed.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a hop count or a comma-separated list of IP addresses or CIDRs (e.g. 10.0.0.0/8,127.0.0.1); not an address: ${bad.map((entry) => JSON.stringify(entry)).join(', ')}`,
    });
    return z.NEVER;
  }
  return { addresses: entries };
});

/** No proxy believed, a number of hops in front of the server, or the proxies' addresses. */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int({ error: 'must be a whole number' })
      .min(0, { error: 'must be between 0 and 65535' })
      .max(65_535, { error: 'must be between 0 and 65535' })
      .default(3000),
    PUBLIC_URL: z
      .url({ error: 'must be an absolute URL such as https://adreel.example' })
      .optional(),
    APP_NAME: z
      .string()
      .trim()
      .min(1, { error: 'must not be empty' })
      .max(40)
      .default(DEFAULT_APP_NAME),
    DATA_DIR: z.string().min(1).default('data'),
    DATABASE_URL: postgresUrl.optional(),
    SMTP_URL: z
      .url({ error: 'must be a URL such as smtp://user:pass@host:587' })
      .refine((value) => /^smtps?:\/\//.test(value), {
        error: 'must start with smtp:// or smtps://',
      })
      .optional(),
    MAIL_FROM: z.string().min(3).optional(),
    STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFlag.optional(),
    JOB_LEASE_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int({ error: 'must be a whole number' })
      .min(1_000, { error: 'must be at least 1000' })
      .default(60_000),
    PROCESS_ROLE: z
      .enum(['all', 'api', 'worker'], { error: 'must be all, api or worker' })
      .default('all'),
    SEED_DEMO: booleanFlag.optional(),
    // How long a signed-out viewer's feed page is reused (feed.cache.ts); 0 turns the cache off.
    FEED_CACHE_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int({ error: 'must be a whole number' })
      .min(0, { error: 'must be 0 or more' })
      .max(60_000, { error: 'must be at most 60000' })
      .optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    WEB_DIST_DIR: z.string().min(1).optional(),
    ENCRYPTION_KEY: z
      .string()
      .trim()
      .refine((value) => BASE64.test(value) && Buffer.from(value, 'base64').length === 32, {
        error: 'must be 32 random bytes in base64 (make one with: openssl rand -base64 32)',
      })
      .optional(),
    OIDC_PROVIDERS: oidcProvidersSchema.optional(),
    RATE_LIMITS: rateLimitsSchema.optional(),
    TRUST_PROXY: trustProxySchema.optional(),
    // Connections and event streams one process holds (platform/connection-limits.ts, decision 038).
    HTTP_MAX_CONNECTIONS: wholeNumber(16).optional(),
    STREAMS_PER_ADDRESS: wholeNumber(1).default(8),
    STREAMS_PER_ACCOUNT: wholeNumber(1).default(16),
    STREAMS_TOTAL: wholeNumber(1).optional(),
    API_DOCS: booleanFlag.optional(),
    METRICS: booleanFlag.optional(),
    METRICS_PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int({ error: 'must be a whole number' })
      .min(1, { error: 'must be between 1 and 65535' })
      .max(65_535, { error: 'must be between 1 and 65535' })
      .optional(),
    METRICS_TOKEN: z
      .string()
      .trim()
      .min(16, { error: 'must be at least 16 characters (e.g. openssl rand -hex 24)' })
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (
      env.STREAMS_TOTAL !== undefined &&
      env.HTTP_MAX_CONNECTIONS !== undefined &&
      env.STREAMS_TOTAL >= env.HTTP_MAX_CONNECTIONS
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['STREAMS_TOTAL'],
        message: 'must be less than HTTP_MAX_CONNECTIONS, so requests other than streams have room',
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT' });
    }
    if (env.STORAGE_DRIVER === 's3') {
      for (const key of ['S3_BUCKET', 'S3_REGION'] as const) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is required when STORAGE_DRIVER=s3',
          });
      }
      // Both keys, or neither for the SDK's own chain (instance role, AWS_* variables).
      if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
        ctx.addIssue({
          code: 'custom',
          path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
          message: 'is required with the other S3 access key',
        });
      }
    }
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  appName: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  storage:
    | { driver: 'local'; dir: string }
    | {
        driver: 's3';
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        /** Bucket in the path (most S3-compatible servers) rather than in the host name. */
        forcePathStyle: boolean;
      };
  /**
   * What this process does: `all` serves the API and runs the background work; `api` only serves
   * the API; `worker` only runs video processing, scheduled tasks and housekeeping (and answers
   * /healthz and /readyz). Several processes of any role may share one PostgreSQL server.
   */
  processRole: 'all' | 'api' | 'worker';
  /** How long a worker's claim on a job holds without a heartbeat before another may take it. */
  jobLeaseMs: number;
  /** How long a signed-out viewer's feed page is reused; 0: not at all. */
  feedCacheMs: number;
  seedDemo: boolean;
  logLevel: string;
  webDistDir: string;
  /** AES-256-GCM key for secrets kept at rest (TOTP); unset: they are stored unencrypted. */
  encryptionKey: Buffer | undefined;
  /** OpenID Connect providers users may sign in with; empty: none offered. */
  oidcProviders: OidcProviderConfig[];
  /** Limits that replace RATE_LIMITS' defaults (platform/rate-limit.ts); empty: the defaults. */
  rateLimits: RateLimitOverrides;
  /** Whose X-Forwarded-* headers to believe (TRUST_PROXY); false: nobody's, whatever NODE_ENV. */
  trustProxy: TrustProxy;
  /**
   * What one process lets clients hold (platform/connection-limits.ts, decision 038): connections
   * in all, and server-sent event streams per client address, per account and in all. Unset
   * (undefined) numbers are derived from the process's file descriptor limit.
   */
  limits: {
    maxConnections: number | undefined;
    streamsPerAddress: number;
    streamsPerAccount: number;
    streamsTotal: number | undefined;
  };
  /** /api/docs (OpenAPI and Swagger UI): on outside production, off in production unless API_DOCS=true. */
  apiDocs: boolean;
  /**
   * Prometheus metrics at /metrics (platform/metrics.ts): on unless METRICS=false; on a port of
   * their own when `port` is set (then not on PORT); only with `Authorization: Bearer <token>` when
   * `token` is set.
   */
  metrics: { enabled: boolean; port: number | undefined; token: string | undefined };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * What a production process refuses to start with (main.ts; decision 031): /metrics served on the
 * app's own port to anyone. A public PORT is the load balancer's, and each scrape reads the queue and
 * the outbox from the database, so open metrics tell anyone the traffic, the backlog and the versions,
 * and let them make the database work. METRICS_TOKEN, METRICS_PORT (kept off the balancer) or
 * METRICS=false is a choice the operator makes once. Checked when a process starts, not in
 * loadConfig, so tests and tools that build an app with NODE_ENV=production are not concerned.
 */
export function assertDeployable(config: Config): void {
  const { metrics } = config;
  if (config.env !== 'production' || !metrics.enabled) return;
  if (metrics.token !== undefined || metrics.port !== undefined) return;
  throw new ConfigError(
    'Invalid configuration:\n  METRICS_TOKEN: is required in production while /metrics is served on PORT: set METRICS_TOKEN (e.g. openssl rand -hex 24) for a bearer token, METRICS_PORT for a port of its own kept off the load balancer, or METRICS=false',
  );
}

/** Parses the environment into a Config, or throws a ConfigError listing every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most deployment tools.
  const defined = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(defined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(REPO_ROOT, env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    appName: env.APP_NAME,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `${env.APP_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    storage:
      env.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            bucket: env.S3_BUCKET ?? '',
            region: env.S3_REGION ?? '',
            endpoint: env.S3_ENDPOINT,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
          }
        : { driver: 'local', dir: path.join(dataDir, 'media') },
    // Demo accounts have published passwords: never on a production deployment unless asked for.
    seedDemo: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    processRole: env.PROCESS_ROLE,
    jobLeaseMs: env.JOB_LEASE_MS,
    // Off in tests, which read their own writes at once.
    feedCacheMs: env.FEED_CACHE_MS ?? (env.NODE_ENV === 'test' ? 0 : 1000),
    logLevel: env.LOG_LEVEL,
    webDistDir: path.resolve(REPO_ROOT, env.WEB_DIST_DIR ?? 'apps/web/dist'),
    encryptionKey: env.ENCRYPTION_KEY ? Buffer.from(env.ENCRYPTION_KEY, 'base64') : undefined,
    oidcProviders: env.OIDC_PROVIDERS ?? [],
    rateLimits: env.RATE_LIMITS ?? {},
    trustProxy: env.TRUST_PROXY ?? false,
    limits: {
      maxConnections: env.HTTP_MAX_CONNECTIONS,
      streamsPerAddress: env.STREAMS_PER_ADDRESS,
      streamsPerAccount: env.STREAMS_PER_ACCOUNT,
      streamsTotal: env.STREAMS_TOTAL,
    },
    apiDocs: env.API_DOCS ?? env.NODE_ENV !== 'production',
    metrics: {
      enabled: env.METRICS ?? true,
      port: env.METRICS_PORT,
      token: env.METRICS_TOKEN,
    },
  };
}
