import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas (which come from packages/domain), at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, appName: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${appName} API`,
        description:
          'Errors always have the shape { "error": { "code": string, "message": string } }.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets a few inline styles; only its own pages allow them, never the app's.
    transformStaticCSP: (header) =>
      header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
  });
}
