import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { pipelinedDatabase } from './pipelined-session';
import type * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a repository can run a query on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * The generated migrations (drizzle/ at the project's root), found from this module's folder up: that folder is
 * src/server/db under tsx, and dist/server once built, where the server is one file (docs/decisions/053).
 */
export const MIGRATIONS_FOLDER = migrationsAbove(path.dirname(fileURLToPath(import.meta.url)));

function migrationsAbove(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'drizzle/meta/_journal.json'))) return path.join(dir, 'drizzle');
    if (path.dirname(dir) === dir) throw new Error(`no drizzle/meta/_journal.json in ${from} or a folder above it`);
  }
}

export interface OpenOptions {
  /** A PostgreSQL connection string; without it the embedded PGlite is used. */
  url?: string;
  /** Folder for PGlite's files; `undefined` keeps the database in memory. */
  dataDir?: string;
  poolSize?: number;
  /** Sees every query (benchmarks count them). */
  logger?: Logger;
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    // Pipelined: a query is written to the connection at once, even while an earlier one of the same
    // connection awaits its answer. The app awaits each statement before the next, except a pay order's
    // claim and the commit behind it (catalogue `claim`), which thus reach the database together.
    // No parallel workers: at a web server's concurrency they only add their start-up (100 ms measured on a loaded
    // 2-core machine for a search that found nothing; docs/decisions/031-search-index.md) to plans of a few ms.
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 20,
      pipeline: true,
      options: '-c max_parallel_workers_per_gather=0',
    });
    // An idle connection the server ended (restart, DROP DATABASE … FORCE) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', () => undefined);
    // A connection ended while checked out (pg_terminate_backend, a failover) fails the query in flight;
    // the client's own 'error' event must not crash the process. Released broken, the pool drops it.
    pool.on('connect', (client) => client.on('error', () => undefined));
    // Without `schema`: the app uses no relational queries (`db.query.*`), and with it every transaction would build
    // a relational query builder per table (issue 10: one per pay order in a drop).
    // Its transactions spend no round trip of their own (db/pipelined-session.ts).
    const db = pipelinedDatabase(pool, { logger: opts.logger });
    // One instance migrates at a time when several start together; on the connection that holds the lock (a pool
    // of one would wait for itself otherwise).
    const lock = await pool.connect();
    try {
      await lock.query('SELECT pg_advisory_lock(727274)');
      await migratePg(drizzlePg({ client: lock, casing: 'snake_case', logger: opts.logger }), {
        migrationsFolder: MIGRATIONS_FOLDER,
      });
    } finally {
      await lock.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
      lock.release();
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = opts.dataDir ? new PGlite(path.join(opts.dataDir, 'pglite')) : new PGlite();
  const db = pgliteDb(client, opts.logger);
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/** The app's database over an open PGlite (the test databases' pool hands out one PGlite after another). */
export function pgliteDb(client: PGlite, logger?: Logger) {
  return drizzlePglite({ client, casing: 'snake_case', logger });
}
