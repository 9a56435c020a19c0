/**
 * Process entry: configuration → database → migrations → demo data → HTTP server.
 * Shuts down gracefully on SIGTERM/SIGINT: in-flight requests finish, then the database closes.
 */
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { buildApp } from './app';
import { assertDeployable, ConfigError, loadConfig } from './config';
import { migrateDatabase, openDatabase } from './db/client';
import { seedDemoData } from './db/seed';
import { backfillUsernameSkeletons } from './modules/auth/auth.handles';
import { weeklyDigestTask } from './modules/digest/digest.tasks';
import { tokenUsesPruneTask } from './modules/metrics/metrics.tasks';
import { scoreRecomputeTask } from './modules/ranking/ranking.tasks';
import { ensureDemoVideos } from './modules/videos/demo-videos';
import { enqueueLadderBackfill } from './modules/videos/ladder.job';
import { removeStaleFailedOriginals } from './modules/videos/processing-jobs.service';
import { purgeRejectedMedia } from './modules/videos/video-media';
import { printDemoAccounts } from './platform/banner';
import { startMaintenance } from './platform/maintenance';
import { logMediaTools } from './platform/media/binaries';
import { startScheduler } from './platform/scheduler';
import { createStorage } from './platform/storage/storage';

function canResolve(specifier: string): boolean {
  try {
    import.meta.resolve(specifier);
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
    assertDeployable(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // pino-pretty is a devDependency: an install without them (npm ci --omit=dev) logs JSON.
  const pretty = process.stdout.isTTY && config.env !== 'production' && canResolve('pino-pretty');
  const logger = pino({
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
      : {}),
  });

  // Which ffmpeg decodes uploads, and a loud warning for an outdated one in production (decision 027).
  logMediaTools(logger, config.env === 'production');

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
  });
  logger.info({ driver: database.driver }, 'database open');
  await migrateDatabase(database);
  // Handles taken before migration 0022 get their skeletons before anyone can sign up (issue 25).
  const handles = await backfillUsernameSkeletons(database.db);
  if (handles.handles > 0) logger.info(handles, 'username skeletons backfilled');

  const demoAccounts = config.seedDemo ? await seedDemoData(database.db) : null;

  const app = await buildApp({ config, database, logger });

  const storage = createStorage(config);
  // Background work runs in worker processes (PROCESS_ROLE=worker or all), not in API-only ones.
  const runsBackgroundWork = config.processRole !== 'api';
  const stopMaintenance = runsBackgroundWork
    ? startMaintenance(database.db, logger, [
        { name: 'media of rejected videos', run: () => purgeRejectedMedia(database.db, storage) },
        {
          name: 'originals of long-failed processing',
          run: () => removeStaleFailedOriginals(database.db, config),
        },
      ])
    : () => {};
  // Periodic tasks shared by every such process, each run claimed by one (platform/scheduler.ts).
  const scheduler = runsBackgroundWork
    ? startScheduler({
        db: database.db,
        log: logger,
        tasks: [
          scoreRecomputeTask(database.db),
          tokenUsesPruneTask(database.db),
          weeklyDigestTask(database.db, { appName: config.appName, publicUrl: config.publicUrl }),
        ],
      })
    : { stop: async () => {} };

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'shutting down after an error');
    else logger.info({ signal }, 'shutting down');
    stopMaintenance();
    await scheduler.stop();
    await app.close();
    await database.close();
  });

  await app.listen({ host: config.host, port: config.port });
  if (runsBackgroundWork) {
    app.videoWorker.start();
    app.ladderWorker.start();
    // Videos processed before the ladder existed get theirs (issue 20); one backfill at a time.
    enqueueLadderBackfill(database.db).catch((error: unknown) =>
      logger.warn({ err: error }, 'ladder backfill not enqueued'),
    );
  }
  if (demoAccounts && runsBackgroundWork) {
    // In the background: making the clips takes a while, and the server is already answering.
    ensureDemoVideos({ db: database.db, storage, log: logger }).catch((error: unknown) =>
      logger.warn({ err: error }, 'demo videos could not be made'),
    );
  }
  if (demoAccounts) printDemoAccounts(demoAccounts, config.publicUrl);
  else logger.info({ url: config.publicUrl }, `${config.appName} is running`);
}

main().catch((error: unknown) => {
  console.error('Adreel failed to start:', error);
  process.exit(1);
});
