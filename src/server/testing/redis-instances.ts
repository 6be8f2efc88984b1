import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { ManualClock } from '../adapters/clock';
import { newId } from '../adapters/ids';
import { createKeys } from '../adapters/keys';
import { buildApp } from '../app';
import type { Db } from '../db/client';
import { testConfig, testDeps } from './test-app';
import { openTestDatabase } from './test-db';

/** TEST_REDIS_URL, or null: then the Redis tests are skipped, and this says what they would have shown. */
export function testRedisUrl(what: string): string | null {
  const url = process.env.TEST_REDIS_URL || null;
  if (!url) console.log(`skipped: ${what} need TEST_REDIS_URL (e.g. redis://127.0.0.1:6379)`);
  return url;
}

/** Waits for something another instance sends through Redis (delivery, not speed, is under test). */
export async function until(what: string, cond: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 500; i++) {
    if (await cond()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never happened: ${what}`);
}

export interface Instances {
  apps: [FastifyInstance, FastifyInstance];
  /** The one database both instances share. */
  db: Db;
  close(): Promise<void>;
}

/**
 * Two instances of the app on one database and one Redis, in a namespace of their own (`prefix` and a fresh id), as
 * a deployment runs them; the clock is theirs to share.
 */
export async function twoInstances(url: string, clock: ManualClock, prefix: string): Promise<Instances> {
  const database = await openTestDatabase();
  const namespace = `${newId(prefix)}:`;
  const config = testConfig();
  const keys = createKeys(config.APP_SECRET);
  const apps: FastifyInstance[] = [];
  const clients: Redis[] = [];
  for (let i = 0; i < 2; i++) {
    const redis = new Redis(url, { maxRetriesPerRequest: 1 });
    clients.push(redis);
    const app = await buildApp({
      deps: testDeps(config, database.db, clock, keys),
      redis,
      broadcastNamespace: namespace,
      rateLimitNamespace: `${namespace}rl-`,
      onClose: i === 0 ? () => database.close() : undefined,
    });
    await app.ready();
    apps.push(app);
  }
  return {
    apps: apps as [FastifyInstance, FastifyInstance],
    db: database.db,
    async close() {
      for (const app of apps.reverse()) await app.close();
      for (const c of clients) await c.quit();
    },
  };
}
