import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { newId } from '../adapters/ids';
import { openDatabase, type Database } from '../db/client';
import { pooledPglite } from './pglite-pool';

/** PostgreSQL for tests, when `TEST_DATABASE_URL` is set; null otherwise. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || null;

/**
 * Set by the test run's global setup (`src/server/testing/global-setup.ts`): a migrated database each test
 * database starts as, instead of running every migration again (a dump of PGlite's data folder; a template
 * database on the PostgreSQL server). Unset (a script outside Vitest): each database is migrated from scratch.
 */
export const TEMPLATE_ENV = { pglite: 'TROVE_TEST_PGLITE_DUMP', postgres: 'TROVE_TEST_TEMPLATE_DATABASE' } as const;

let pgliteDump: Promise<Blob> | null = null;

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new database on the
 * PostgreSQL server of `TEST_DATABASE_URL` (dropped again on close).
 */
export async function openTestDatabase(
  opts: { postgres?: boolean; poolSize?: number } = {},
): Promise<Database & { url?: string }> {
  const usePg = opts.postgres ?? Boolean(TEST_DATABASE_URL);
  if (!usePg) {
    const dump = process.env[TEMPLATE_ENV.pglite];
    if (!dump) return openDatabase({});
    pgliteDump ??= readFile(dump).then((bytes) => new Blob([bytes]));
    return pooledPglite(async () => {
      const client = new PGlite({ loadDataDir: await pgliteDump! });
      await client.waitReady;
      return client;
    });
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = newId('trove_test').toLowerCase();
  const template = process.env[TEMPLATE_ENV.postgres];
  await onTestServer(
    template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`,
    // A test's commits need not wait for the disk (a crash loses only a test database): on this machine's
    // PostgreSQL the run spent more time waiting on WAL flushes than testing.
    `ALTER DATABASE ${name} SET synchronous_commit = off`,
  );
  const url = testDatabaseUrl(name);
  const database = await openDatabase({ url, poolSize: opts.poolSize ?? 10 });
  return {
    ...database,
    // Server processes a test starts (src/server/testing/server-process.ts) connect to it too.
    url,
    async close() {
      await database.close();
      await onTestServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * Runs statements (CREATE / ALTER / DROP DATABASE) one by one on the PostgreSQL server of `TEST_DATABASE_URL`, on a
 * connection of their own.
 */
export async function onTestServer(...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL! });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The connection string of database `name` on the PostgreSQL server of `TEST_DATABASE_URL`. */
export function testDatabaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}
