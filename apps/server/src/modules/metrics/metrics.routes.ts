/**
 * POST /api/metrics (SPEC.md §7 track-video-metric): one event or a batch, from a signed-in viewer
 * (Bearer) or an anonymous device id. navigator.sendBeacon cannot set headers and sends text/plain
 * (or whatever its Blob says), so in this plugin every content type is read as JSON.
 */

import { isIP } from 'node:net';
import { errorResponseSchema, metricAckSchema, REQUEST_MESSAGES } from '@adreel/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isbot } from 'isbot';
import type { ModuleContext } from '../../module-context';
import { badRequest } from '../../platform/errors';
import { RATE_LIMITS } from '../../platform/rate-limit';
import { analyticsRoutes } from './analytics.routes';
import { parseMetricRequest } from './metrics.request';
import { recordMetricEvents, type Viewer } from './metrics.service';

/** 50 events of ~150 bytes each, with room to spare. */
const METRICS_BODY_LIMIT = 32 * 1024;

export const DEVICE_ID_REQUIRED = 'A device ID is required when not signed in';

/**
 * A request from a known bot, crawler or automated browser (the maintained list of the isbot
 * package, Playwright's and Puppeteer's HeadlessChrome included), or with no user agent at all (no
 * browser sends none): its events are filtered (decision 030), never counted.
 */
export function isAutomated(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || isbot(userAgent);
}

/**
 * The network a viewer's address stands for, as the per-address cap counts it (decision 030): an
 * IPv4 address itself (also when written IPv4-mapped), and an IPv6 address's /64, the prefix one
 * household or one machine gets and can pick addresses from at will.
 */
export function addressNetwork(ip: string | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1] ?? null;
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]?.split('::') ?? [];
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

export const metricsRoutes: FastifyPluginAsyncZod<{
  context: ModuleContext;
  /** Tests only: the clock impression tokens are checked by (default: real). */
  clock?: () => Date;
}> = async (app, { context, clock = () => new Date() }) => {
  const { db, rateLimiter } = context;

  // Issue 19: the analytics read what this module counts (its GET routes take no body).
  await app.register(analyticsRoutes, { context, clock });

  // Scoped to this plugin (Fastify encapsulation): other routes keep their JSON-only parsing.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: METRICS_BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(badRequest(REQUEST_MESSAGES.invalidJson, 'invalid_json'), undefined);
      }
    },
  );

  app.post(
    '/metrics',
    {
      schema: {
        tags: ['metrics'],
        summary: 'Record watch metrics: one event or a batch of up to 50',
        description:
          'Body: a track-video-metric event (`{ action: "increment", videoId, metricType, increment }`, `{ action: "watch_time", videoId, watchPercentage }` or `{ action: "watch_progress", videoId, fraction }`, each with the `impression` token the feed served the video with) with an optional `deviceId`, or `{ deviceId, events: [...] }`. Answered 202 once stored. Events without a valid token, from a known bot, replayed, with an impossible timing or over the per-viewer and per-address caps are stored as filtered traffic, not counted (decision 030). Increments of likes and shares are acknowledged but not counted: the like and share endpoints count those.',
        response: {
          202: metricAckSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { events, deviceId } = parseMetricRequest(request.body);
      const userId = request.auth?.userId ?? null;
      if (!userId && !deviceId) throw badRequest(DEVICE_ID_REQUIRED, 'device_id_required');
      const viewer: Viewer = {
        key: userId ? `u:${userId}` : `d:${deviceId}`,
        userId,
        deviceId,
        ip: addressNetwork(request.ip),
      };
      await rateLimiter.consumeAll([
        [RATE_LIMITS.metricsPerIp, request.ip],
        [RATE_LIMITS.metricsPerViewer, viewer.key],
      ]);
      const accepted = await recordMetricEvents(db, viewer, events, {
        now: clock(),
        bot: isAutomated(request.headers['user-agent']),
      });
      return reply.code(202).send({ accepted });
    },
  );
};
