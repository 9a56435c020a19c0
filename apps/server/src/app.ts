/**
 * Composes the HTTP application from its parts. No side effects at import: main.ts (or a test)
 * builds the dependencies and calls buildApp.
 */
import { feedQuerySchema } from '@adreel/domain';
import cookie from '@fastify/cookie';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
  type RouteOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { ModuleContext } from './module-context';
import { accessRoutes } from './modules/access/access.routes';
import { accountDataRoutes } from './modules/account-data/account-data.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { accountRoutes } from './modules/auth/account.routes';
import { createKeyRing, KEY_REFRESH_MS } from './modules/auth/auth.keys';
import { createAccessRevocations, type RevocationSwitch } from './modules/auth/auth.revocations';
import { authRoutes, jwksRoutes } from './modules/auth/auth.routes';
import { createTokenService } from './modules/auth/auth.tokens';
import { brandCampaignRoutes, publicCampaignRoutes } from './modules/campaigns/campaigns.routes';
import { digestRoutes } from './modules/digest/digest.routes';
import { engagementRoutes } from './modules/engagement/engagement.routes';
import { feedRoutes } from './modules/feed/feed.routes';
import { getFeedPage } from './modules/feed/feed.service';
import { leaderboardRoutes } from './modules/leaderboards/leaderboards.routes';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { hasSecondFactor } from './modules/mfa/mfa.accounts';
import { mfaRoutes } from './modules/mfa/mfa.routes';
import { identitiesRoutes } from './modules/oidc/identities.routes';
import { oidcRoutes } from './modules/oidc/oidc.routes';
import { adminRankingRoutes } from './modules/ranking/ranking.routes';
import { adminReportRoutes } from './modules/reports/reports.routes';
import { systemRoutes } from './modules/system/system.routes';
import { createLadderWorker } from './modules/videos/ladder.job';
import { mediaRoutes } from './modules/videos/media.routes';
import { createVideoWorker } from './modules/videos/process-video.job';
import { uploadRoutes } from './modules/videos/upload.routes';
import { purgeRejectedMedia } from './modules/videos/video-media';
import { adminVideoRoutes, creatorVideoRoutes } from './modules/videos/videos.routes';
import { adminGuard } from './platform/admin-guard';
import { authenticate } from './platform/authenticate';
import {
  connectionLimits,
  httpServerOptions,
  limitConnections,
} from './platform/connection-limits';
import { frameworkErrors, registerErrorHandler } from './platform/error-handler';
import type { Worker } from './platform/jobs/queue';
import { logSerializers } from './platform/log-redaction';
import { startMailer } from './platform/mail/dispatcher';
import { registerMetrics } from './platform/metrics';
import { registerOpenApi } from './platform/openapi';
import { fastifyTrustProxy } from './platform/proxies';
import { createRateLimiter, type RateLimitOverrides } from './platform/rate-limit';
import { createRealtime } from './platform/realtime/notifications';
import { registerRequestId, requestIdOptions } from './platform/request-id';
import { registerSecurityHeaders } from './platform/security';
import { createStorage } from './platform/storage/storage';
import { registerWebApp } from './platform/web';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs video processing jobs; main.ts starts it, tests drain it. */
    videoWorker: Worker;
    /** Makes the lower rungs of processed videos and backfills them (issue 20); as videoWorker. */
    ladderWorker: Worker;
  }
}

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** A pino logger, or false for silence (tests). Defaults to pino at config.logLevel. */
  logger?: FastifyBaseLogger | false;
  /** Lower limits for tests that must reach them. */
  rateLimits?: RateLimitOverrides;
  /** Tests only: the rate limiter's clock, which they move instead of sleeping (default: real). */
  rateLimitClock?: () => Date;
  /** Tests only: the clock impression tokens are issued and checked by (decision 030; default: real). */
  impressionClock?: () => Date;
  /** bench:feed only: turns the access-token revocation check off and on (decision 023). */
  revocationSwitch?: RevocationSwitch;
  /** Tests only: sees every route as it is registered (the admin guard's test lists them). */
  onRoute?: (route: RouteOptions) => void;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

function loggerOptions(deps: AppDeps): Pick<FastifyServerOptions, 'logger' | 'loggerInstance'> {
  if (deps.logger === false) return { logger: false };
  // Request lines log the URL with the values of code, state, token and the like redacted.
  if (deps.logger)
    return { loggerInstance: deps.logger.child({}, { serializers: logSerializers }) };
  return {
    logger: {
      level: deps.config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      serializers: logSerializers,
    },
  };
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const app = Fastify({
    ...loggerOptions(deps),
    bodyLimit: 1024 * 1024,
    // Nobody's X-Forwarded-* unless TRUST_PROXY names the proxies (decision 024).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // x-request-id: a trusted proxy's, else a new UUID; `requestId` on every log line.
    ...requestIdOptions(config.trustProxy),
    // Keep-alive sockets must not hold a graceful shutdown open.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    frameworkErrors,
    // Timeouts and keep-alive limits, so no client holds connections for nothing (decision 038).
    ...httpServerOptions(),
  }).withTypeProvider<ZodTypeProvider>();
  // Connections in all, from the file descriptor limit unless HTTP_MAX_CONNECTIONS says (038).
  limitConnections(app.server, connectionLimits(config), app.log);

  // Before any route: every route under /api/admin, wherever registered, is admin only (decision 029).
  await app.register(adminGuard);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestId(app);
  // /metrics (Prometheus), worker processes included; first, so every route is measured.
  await registerMetrics(app, { config, database });

  await registerSecurityHeaders(app, config.publicUrl);
  await app.register(cookie);
  // The API's map is for developers: in production only when API_DOCS=true (decision 024).
  if (config.apiDocs) await registerOpenApi(app, config.appName);

  const keyRing = await createKeyRing(database.db, { refreshMs: KEY_REFRESH_MS });
  app.addHook('onClose', async () => keyRing.close());
  const tokens = createTokenService(keyRing, config.publicUrl);
  const realtime = createRealtime(database, app.log);
  const revocations = createAccessRevocations({
    db: database.db,
    realtime,
    log: app.log,
    ...(deps.revocationSwitch ? { revocationSwitch: deps.revocationSwitch } : {}),
  });
  await revocations.start();
  await app.register(authenticate, {
    tokens,
    revocations,
    hasVerifiedFactor: (userId) => hasSecondFactor(database.db, userId),
  });
  const rateLimiter = createRateLimiter(
    database.db,
    deps.rateLimits ?? config.rateLimits,
    deps.rateLimitClock,
  );
  const mailer = await startMailer({ config, database, realtime, log: app.log });
  app.addHook('onClose', async () => {
    await mailer.close();
    await revocations.close();
    await realtime.close();
  });
  const context: ModuleContext = {
    config,
    database,
    db: database.db,
    tokens,
    rateLimiter,
    realtime,
    mailer,
  };

  const storage = createStorage(config);
  const videoWorker = createVideoWorker({
    config,
    db: database.db,
    storage,
    log: app.log,
    leaseMs: config.jobLeaseMs,
  });
  app.decorate('videoWorker', videoWorker);
  app.addHook('onClose', () => videoWorker.stop());
  const ladderWorker = createLadderWorker({
    config,
    db: database.db,
    storage,
    log: app.log,
    leaseMs: config.jobLeaseMs,
  });
  app.decorate('ladderWorker', ladderWorker);
  app.addHook('onClose', () => ladderWorker.stop());

  await app.register(systemRoutes, { database });
  // A worker process (PROCESS_ROLE=worker) answers health checks only; the API is the others'.
  if (config.processRole === 'worker') return app;
  await app.register(accessRoutes, { prefix: '/api', context });
  await app.register(adminRoutes, { prefix: '/api/admin', context });
  await app.register(authRoutes, { prefix: '/api', context });
  await app.register(accountRoutes, { prefix: '/api', context });
  await app.register(mfaRoutes, { prefix: '/api', context });
  await app.register(oidcRoutes, { prefix: '/api', context });
  await app.register(identitiesRoutes, { prefix: '/api', context });
  await app.register(jwksRoutes, { context });
  await app.register(digestRoutes, { prefix: '/api', context });
  await app.register(accountDataRoutes, { prefix: '/api', context });

  await app.register(uploadRoutes, { context, worker: videoWorker });
  await app.register(creatorVideoRoutes, { prefix: '/api', context });
  await app.register(adminVideoRoutes, { prefix: '/api/admin', context, storage });
  await app.register(mediaRoutes, { storage });
  const impressionClock = deps.impressionClock ? { clock: deps.impressionClock } : {};
  await app.register(feedRoutes, { prefix: '/api', context, ...impressionClock });
  await app.register(engagementRoutes, { prefix: '/api', context });
  await app.register(metricsRoutes, { prefix: '/api', context, ...impressionClock });
  await app.register(leaderboardRoutes, { prefix: '/api', context });
  await app.register(adminRankingRoutes, { prefix: '/api/admin', context });
  await app.register(adminReportRoutes, {
    prefix: '/api/admin',
    context,
    afterVideoRemoved: (videoId) => purgeRejectedMedia(database.db, storage, videoId),
  });
  await app.register(brandCampaignRoutes, { prefix: '/api/brand', context });
  await app.register(publicCampaignRoutes, { prefix: '/api', context });

  await registerWebApp(app, {
    distDir: config.webDistDir,
    appName: config.appName,
    // The public reads these screens make first (web: features/*/api).
    screenData: {
      briefs: '/api/campaigns',
      'leaderboard-videos': '/api/leaderboard/videos',
      'leaderboard-creators': '/api/leaderboard/creators',
    },
    // A signed-out viewer's first page, as GET /api/feed answers it; none for a `start` it refuses.
    feedFirstPage: async (start) => {
      const parsed = feedQuerySchema.safeParse({ start: start ?? undefined });
      if (!parsed.success) return null;
      return getFeedPage(database.db, { viewerId: null, start: parsed.data.start });
    },
  });
  return app;
}
