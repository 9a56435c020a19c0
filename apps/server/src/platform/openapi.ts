import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The refresh token's cookie (modules/auth/auth.cookies.ts REFRESH_COOKIE), for the document. */
const REFRESH_COOKIE_NAME = 'adreel_refresh';

/** Every error's body (platform/errors.ts, platform/request-id.ts), as JSON Schema. */
const ERROR_BODY_JSON_SCHEMA = {
  description: 'An error: { error: { code, message, requestId } }',
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        requestId: { type: 'string', description: "The request's x-request-id, to quote" },
      },
    },
  },
};

function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('');
}

/** `GET /api/admin/videos/:id` → `getAdminVideosById`; `/media/*` → `getMediaWildcard`. */
export function operationIdFor(method: string, url: string): string {
  const segments = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(':')) return `By${pascal(segment.slice(1))}`;
      if (segment === '*') return 'Wildcard';
      return pascal(segment);
    });
  return `${method.toLowerCase()}${segments.join('') || 'Root'}`;
}

/** The first path segment after /api (admin routes: `admin`), or `system` for the rest. */
export function tagFor(url: string): string {
  const [first] = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean);
  if (!url.startsWith('/api/') || !first || first.startsWith(':')) return 'system';
  return first;
}

/**
 * The zod transform, then what a generated client needs: an operationId on every route (unless it
 * names its own), a tag, and the error body as every route's `default` response.
 */
function clientReadyTransform(): SwaggerTransform {
  const taken = new Map<string, string>();
  const used = new Set<string>();
  return (input) => {
    const output = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
    const schema = { ...(output.schema as Record<string, unknown>) };
    const method = [input.route.method].flat()[0] ?? 'get';
    const key = `${method} ${output.url}`;
    if (typeof schema.operationId !== 'string') {
      let id = taken.get(key);
      if (!id) {
        const base = operationIdFor(method, output.url);
        id = base;
        for (let n = 2; used.has(id); n += 1) id = `${base}${n}`;
        taken.set(key, id);
        used.add(id);
      }
      schema.operationId = id;
    }
    if (!Array.isArray(schema.tags) || schema.tags.length === 0) {
      schema.tags = [tagFor(output.url)];
    }
    const response = (schema.response as Record<string, unknown> | undefined) ?? {};
    if (!('default' in response))
      schema.response = { ...response, default: ERROR_BODY_JSON_SCHEMA };
    return { schema, url: output.url };
  };
}

/** OpenAPI generated from the routes' zod schemas (which come from packages/domain), at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, appName: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${appName} API`,
        description:
          'Errors always have the shape { "error": { "code": string, "message": string, "requestId": string } }; ' +
          "requestId is also the response's x-request-id header. Sign in with POST /api/auth/token " +
          '(grant_type=password) and send the access token as `Authorization: Bearer <token>`; the ' +
          `web app's refresh token travels in the ${REFRESH_COOKIE_NAME} cookie (POST /api/auth/refresh).`,
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          refreshCookie: { type: 'apiKey', in: 'cookie', name: REFRESH_COOKIE_NAME },
        },
      },
      // Either scheme, or none: public routes answer without, the others say 401 in their responses.
      security: [{ bearerAuth: [] }, { refreshCookie: [] }, {}],
    },
    transform: clientReadyTransform(),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets a few inline styles; only its own pages allow them, never the app's.
    transformStaticCSP: (header) =>
      header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
    uiConfig: { persistAuthorization: true },
  });
}
