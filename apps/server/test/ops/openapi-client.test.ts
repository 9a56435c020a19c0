/**
 * /api/docs for client generators (issue 17 item 6): every operation has a unique operationId and a
 * tag, the bearer and cookie security schemes are declared, and every operation describes its error
 * body. .ci/openapi-client-check.sh generates a typed client from the same document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdFor, tagFor } from '../../src/platform/openapi';
import { createTestApp, type TestApp } from '../support/app';

interface Operation {
  operationId?: string;
  tags?: string[];
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

describe('the OpenAPI document for clients', () => {
  let t: TestApp;
  let operations: [string, Operation][];
  let doc: {
    components?: { securitySchemes?: Record<string, unknown> };
    security?: unknown[];
    paths: Record<string, Record<string, Operation>>;
  };

  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject('/api/docs/json')).json();
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]): [string, Operation] => [`${method} ${path}`, op]),
    );
  });
  afterAll(async () => t?.close());

  it('gives every operation a unique operationId and a tag', () => {
    expect(operations.length).toBeGreaterThan(50);
    const ids = operations.map(([, op]) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter(([, op]) => !op.tags?.length).map(([name]) => name)).toEqual([]);
    const feed = doc.paths['/api/feed']?.get;
    expect(feed?.operationId).toBe('getFeed');
    expect(feed?.tags).toEqual(['feed']);
  });

  it('declares the bearer token and the refresh cookie', () => {
    expect(doc.components?.securitySchemes).toEqual({
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      refreshCookie: { type: 'apiKey', in: 'cookie', name: 'adreel_refresh' },
    });
    expect(doc.security).toEqual([{ bearerAuth: [] }, { refreshCookie: [] }, {}]);
  });

  it('describes the error body, with its request id, on every operation', () => {
    const without = operations.filter(([, op]) => {
      const schema = op.responses?.default?.content?.['application/json']?.schema as
        | { properties?: { error?: { properties?: Record<string, unknown> } } }
        | undefined;
      return !schema?.properties?.error?.properties?.requestId;
    });
    expect(without.map(([name]) => name)).toEqual([]);
  });

  it('names operations after their method and path', () => {
    expect(operationIdFor('GET', '/api/admin/videos/:id')).toBe('getAdminVideosById');
    expect(operationIdFor('POST', '/api/auth/token')).toBe('postAuthToken');
    expect(operationIdFor('GET', '/media/*')).toBe('getMediaWildcard');
    expect(operationIdFor('GET', '/.well-known/jwks.json')).toBe('getWellKnownJwksJson');
    expect(tagFor('/api/admin/videos/:id')).toBe('admin');
    expect(tagFor('/readyz')).toBe('system');
  });
});
