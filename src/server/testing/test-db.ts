import pg from 'pg';
import { newId } from '../adapters/ids';
import { openDatabase, type Database } from '../db/client';

/** PostgreSQL for tests, when `TEST_DATABASE_URL` is set; null otherwise. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || null;

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new database on the
 * PostgreSQL server of `TEST_DATABASE_URL` (dropped again on close).
 */
export async function openTestDatabase(opts: { postgres?: boolean; poolSize?: number } = {}): Promise<Database> {
  const usePg = opts.postgres ?? Boolean(TEST_DATABASE_URL);
  if (!usePg) return openDatabase({});
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = newId('trove_test').toLowerCase();
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: opts.poolSize ?? 10 });
  return {
    ...database,
    async close() {
      await database.close();
      const drop = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    },
  };
}
