import { systemClock } from './adapters/clock';
import { createKeys } from './adapters/keys';
import { buildApp } from './app';
import { createRedis } from './adapters/redis';
import { loggerOptions } from './plugins/logging';
import { seedDemo } from './db/seed';
import { seedDemoMarket } from './demo/market-demo';
import { seedDemoPacks } from './demo/pack-demo';
import { startSweep, SWEEPS, type SweepName } from './jobs/sweeps';
import { startQueueTickJob } from './jobs/queue-job';
import {
  createPayments,
  createSmsSender,
  loadConfigOrExit,
  lockDataDirOrExit,
  openConfiguredDatabase,
} from './startup';

async function main() {
  const config = loadConfigOrExit();
  // The embedded database is this process's alone while it runs: `npm run codes` (or a second server) refuses it.
  const releaseLock = config.DATABASE_URL ? () => undefined : lockDataDirOrExit(config.DATA_DIR, 'server');
  const database = await openConfiguredDatabase(config);
  const seeded = config.SEED_DEMO ? await seedDemo(database.db, systemClock.now()) : false;
  // Connected by buildApp once its handlers are on; a Redis down at start does not keep the server from starting.
  const redis = config.REDIS_URL ? createRedis(config.REDIS_URL) : undefined;

  const keys = createKeys(config.APP_SECRET);
  const app = await buildApp({
    deps: {
      config,
      db: database.db,
      clock: systemClock,
      keys,
      sms: createSmsSender(config),
      payments: createPayments(config, database.db, systemClock, keys),
    },
    redis,
    logger: loggerOptions(config.LOG_LEVEL),
    webRoot: config.WEB_DIST,
    onClose: async () => {
      await redis?.quit().catch(() => redis.disconnect());
      await database.close();
      releaseLock();
    },
  });

  // Rows from before search (or bulk-loaded) get their search docs before the first request (decision 031).
  const indexed = await app.services.search.backfill();
  if (indexed) app.log.info({ indexed }, 'search docs written for rows without one');

  // The demo market goes through the services, so it is made once the app (and its services) exist.
  if (seeded) await seedDemoMarket(app.deps);
  // A mystery-pack series on sale (issue 25), made by the back office's service as an operator would.
  if (seeded) await seedDemoPacks(app.deps.db, app.services.packs, systemClock.now());

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  // Before the database closes (onClose), so a sweep in flight can finish.
  for (const name of Object.keys(SWEEPS) as SweepName[]) {
    const job = startSweep(name, app.services, app.log);
    app.addHook('preClose', async () => job.stop());
  }
  const queueJob = startQueueTickJob({ queue: app.services.queue, log: app.log });
  app.addHook('preClose', async () => queueJob.stop());
  await app.listen({ port: config.PORT, host: config.HOST });
  const db = database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)';
  app.log.info(`Trove 寶庫 is running at ${config.publicUrl} on ${db}; SMS via ${config.SMS_PROVIDER}`);
  if (config.PAYMENT_PROVIDER === 'sandbox' && config.NODE_ENV === 'production') {
    app.log.warn(
      'payments use the sandbox checkout: orders are paid without money. Set PAYMENT_PROVIDER=stripe for real payments.',
    );
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`Trove failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
