import { healthSchema, readinessSchema } from '@adreel/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../db/client';

/** Liveness and readiness for load balancers and orchestrators; not part of the public API docs. */
export const systemRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  app.get(
    '/healthz',
    { schema: { hide: true, response: { 200: healthSchema } }, logLevel: 'warn' },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: { hide: true, response: { 200: readinessSchema, 503: readinessSchema } },
      logLevel: 'warn',
    },
    async (request, reply) => {
      try {
        await database.ping();
        return { status: 'ready' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'database is not reachable');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
};
