import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertDeployable, ConfigError, loadConfig, REPO_ROOT } from './config';

describe('loadConfig', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.appName).toBe('Adreel');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(config.storage).toEqual({ driver: 'local', dir: path.join(REPO_ROOT, 'data', 'media') });
    expect(config.seedDemo).toBe(true);
  });

  it('names every bad variable in one clear message', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'not a url' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT: must be a port number/);
    expect(attempt).toThrow(/DATABASE_URL: must start with postgres/);
    expect(attempt).toThrow(/PUBLIC_URL: must be an absolute URL/);
  });

  it('reads rate limits to replace the defaults, refusing unknown names and bad numbers', () => {
    expect(loadConfig({}).rateLimits).toEqual({});
    expect(loadConfig({ RATE_LIMITS: '{"signInPerIp": 5000}' }).rateLimits).toEqual({
      signInPerIp: 5000,
    });
    expect(() => loadConfig({ RATE_LIMITS: '{"signInPerPlanet": 5}' })).toThrow(
      /RATE_LIMITS.*names a limit that does not exist/,
    );
    expect(() => loadConfig({ RATE_LIMITS: '{"signInPerIp": 0}' })).toThrow(/at least 1/);
    expect(() => loadConfig({ RATE_LIMITS: 'lots' })).toThrow(/RATE_LIMITS: must be a JSON object/);
  });

  it('requires a bucket and region for S3 storage', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET: is required/);
  });

  it('reads S3 storage: path style by default with an endpoint, and both access keys or neither', () => {
    const s3 = { STORAGE_DRIVER: 's3', S3_BUCKET: 'media', S3_REGION: 'eu-west-1' };
    expect(loadConfig(s3).storage).toMatchObject({ driver: 's3', forcePathStyle: false });
    expect(loadConfig({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000' }).storage).toMatchObject({
      forcePathStyle: true,
      endpoint: 'http://127.0.0.1:9000',
    });
    expect(
      loadConfig({ ...s3, S3_ENDPOINT: 'https://s3.example', S3_FORCE_PATH_STYLE: 'false' })
        .storage,
    ).toMatchObject({ forcePathStyle: false });
    expect(() => loadConfig({ ...s3, S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_SECRET_ACCESS_KEY: is required with the other S3 access key/,
    );
  });

  it('takes the job lease in milliseconds, a minute by default', () => {
    expect(loadConfig({}).jobLeaseMs).toBe(60_000);
    expect(loadConfig({ JOB_LEASE_MS: '3000' }).jobLeaseMs).toBe(3_000);
    expect(() => loadConfig({ JOB_LEASE_MS: '10' })).toThrow(/JOB_LEASE_MS: must be at least 1000/);
  });

  it('takes the process role: all by default, api or worker, and refuses anything else', () => {
    expect(loadConfig({}).processRole).toBe('all');
    expect(loadConfig({ PROCESS_ROLE: 'api' }).processRole).toBe('api');
    expect(loadConfig({ PROCESS_ROLE: 'worker' }).processRole).toBe('worker');
    expect(() => loadConfig({ PROCESS_ROLE: 'web' })).toThrow(
      /PROCESS_ROLE: must be all, api or worker/,
    );
  });

  it('does not seed demo accounts in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('treats empty variables as unset and trims a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({ DATABASE_URL: '', PUBLIC_URL: 'https://adreel.example/' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('https://adreel.example');
  });

  it('takes the connection and stream limits, leaving the descriptor-derived ones unset by default', () => {
    expect(loadConfig({}).limits).toEqual({
      maxConnections: undefined,
      streamsPerAddress: 8,
      streamsPerAccount: 16,
      streamsTotal: undefined,
    });
    expect(
      loadConfig({
        HTTP_MAX_CONNECTIONS: '2000',
        STREAMS_PER_ADDRESS: '4',
        STREAMS_PER_ACCOUNT: '6',
        STREAMS_TOTAL: '500',
      }).limits,
    ).toEqual({
      maxConnections: 2000,
      streamsPerAddress: 4,
      streamsPerAccount: 6,
      streamsTotal: 500,
    });
    expect(() => loadConfig({ STREAMS_PER_ADDRESS: '0' })).toThrow(
      /STREAMS_PER_ADDRESS: must be at least 1/,
    );
    expect(() => loadConfig({ HTTP_MAX_CONNECTIONS: '8' })).toThrow(
      /HTTP_MAX_CONNECTIONS: must be at least 16/,
    );
    expect(() => loadConfig({ STREAMS_TOTAL: 'lots' })).toThrow(/STREAMS_TOTAL: must be a number/);
    expect(() => loadConfig({ STREAMS_PER_ACCOUNT: '2.5' })).toThrow(
      /STREAMS_PER_ACCOUNT: must be a whole number/,
    );
    expect(() => loadConfig({ HTTP_MAX_CONNECTIONS: '100', STREAMS_TOTAL: '100' })).toThrow(
      /STREAMS_TOTAL: must be less than HTTP_MAX_CONNECTIONS/,
    );
  });

  it('takes ENCRYPTION_KEY as 32 bytes of base64, and explains a wrong one', () => {
    const key = Buffer.alloc(32, 7);
    expect(loadConfig({ ENCRYPTION_KEY: key.toString('base64') }).encryptionKey).toEqual(key);
    expect(loadConfig({}).encryptionKey).toBeUndefined();
    const short = () => loadConfig({ ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') });
    expect(short).toThrow(/ENCRYPTION_KEY: must be 32 random bytes in base64/);
  });
});

describe('assertDeployable (a production process starts only with /metrics guarded)', () => {
  const check = (env: Record<string, string>) => () => assertDeployable(loadConfig(env));

  it('refuses /metrics open to anyone on PORT in production', () => {
    expect(check({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(check({ NODE_ENV: 'production' })).toThrow(
      /METRICS_TOKEN: is required in production while \/metrics is served on PORT/,
    );
  });

  it('starts with a token, a port of its own or no metrics, and outside production as it is', () => {
    expect(
      check({ NODE_ENV: 'production', METRICS_TOKEN: 'a-long-enough-metrics-token' }),
    ).not.toThrow();
    expect(check({ NODE_ENV: 'production', METRICS_PORT: '9464' })).not.toThrow();
    expect(check({ NODE_ENV: 'production', METRICS: 'false' })).not.toThrow();
    // `npm start` on the embedded defaults: NODE_ENV unset.
    expect(check({})).not.toThrow();
    expect(check({ NODE_ENV: 'test' })).not.toThrow();
  });
});
