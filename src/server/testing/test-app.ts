import { createPayments } from '../startup';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalStorage } from '../adapters/storage/local-storage';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { ManualClock } from '../adapters/clock';
import { createKeys, type Keys } from '../adapters/keys';
import { FakeSms } from '../adapters/sms/fake-sms';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database, Db } from '../db/client';
import { openTestDatabase } from './test-db';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  clock: ManualClock;
  sms: FakeSms;
  config: Config;
  keys: Keys;
  /** The folder local uploads are written to and served from. */
  uploadsRoot: string;
  /** POST/GET under /api with an optional bearer token; answers the parsed envelope and status. */
  call<T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    opts?: {
      body?: unknown;
      query?: Record<string, string>;
      token?: string;
      headers?: Record<string, string>;
      ip?: string;
    },
  ): Promise<{ status: number; code: number; msg: string; data: T }>;
  close(): Promise<void>;
}

/** A random APP_SECRET per test app: no test depends on a known key. */
export const testSecret = () => randomBytes(32).toString('hex');

/** The configuration of a test app: NODE_ENV=test, no demo content, a random APP_SECRET, then `env`. */
export function testConfig(env: Record<string, string> = {}): Config & { APP_SECRET: string } {
  const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', APP_SECRET: testSecret(), ...env });
  return { ...config, APP_SECRET: config.APP_SECRET! };
}

/**
 * What buildApp takes of the outside world in a test: a manual clock, a fake SMS gateway and the payment provider the
 * configuration names, built once here and passed in.
 */
export function testDeps(
  config: Config & { APP_SECRET: string },
  db: Db,
  clock = new ManualClock(),
  keys = createKeys(config.APP_SECRET),
) {
  return { config, db, clock, keys, sms: new FakeSms(), payments: createPayments(config, db, clock, keys) };
}

/** The whole app on a fresh migrated database, with a manual clock and a fake SMS gateway. */
export async function createTestApp(
  opts: {
    postgres?: boolean;
    poolSize?: number;
    env?: Record<string, string>;
    onRoute?: Parameters<typeof buildApp>[0]['onRoute'];
    /** Told after the commit of each notification (decision 034). */
    onNotified?: Parameters<typeof buildApp>[0]['onNotified'];
    webRoot?: string;
    /**
     * Reconcile the books when the app closes and fail on any exception (decision 025): on by default, so every
     * API test file is checked. Off only for a test that breaks the books on purpose and says so.
     */
    reconcileOnClose?: boolean;
    /** A database already open (a restored backup): the app takes it over and closes it. */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await openTestDatabase(opts));
  const deps = testDeps(testConfig(opts.env), database.db);
  const { config, keys, clock, sms } = deps;
  // Uploads go to a throw-away folder, never the working copy's ./data.
  const uploadsRoot = path.join(tmpdir(), `trove-test-uploads-${randomBytes(6).toString('hex')}`);
  const app = await buildApp({
    deps: { ...deps, storage: createLocalStorage(uploadsRoot) },
    uploadsRoot,
    webRoot: opts.webRoot,
    onClose: async () => {
      await database.close();
      await rm(uploadsRoot, { recursive: true, force: true });
    },
    onRoute: opts.onRoute,
    onNotified: opts.onNotified,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    dbKind: database.kind,
    clock,
    sms,
    config,
    keys,
    uploadsRoot,
    async call(method, path, o = {}) {
      const headers: Record<string, string> = { 'accept-language': 'zh_HK', ...o.headers };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      const req: InjectOptions = {
        method,
        url: `/api/${path.replace(/^\//, '')}`,
        headers,
        query: o.query,
        remoteAddress: o.ip,
      };
      if (method === 'POST') req.payload = (o.body ?? {}) as InjectOptions['payload'];
      const res = await app.inject(req);
      const body = res.json() as { code: number; msg: string; data: never };
      return { status: res.statusCode, ...body };
    },
    async close() {
      let exceptions: { type: string; ref: string; detail: string }[] = [];
      try {
        if (opts.reconcileOnClose !== false) exceptions = (await app.services.ledger.reconcile()).exceptions;
      } finally {
        await app.close();
      }
      if (exceptions.length > 0) {
        const lines = exceptions.slice(0, 10).map((e) => `  ${e.type} ${e.ref}: ${e.detail}`);
        throw new Error(`the books do not reconcile when this test app closes (decision 025):\n${lines.join('\n')}`);
      }
    },
  };
}
