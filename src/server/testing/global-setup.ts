import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { newId } from '../adapters/ids';
import { MIGRATIONS_FOLDER, openDatabase } from '../db/client';
import { onTestServer, TEMPLATE_ENV, TEST_DATABASE_URL, testDatabaseUrl } from './test-db';

/**
 * Vitest's global setup of the server tests: migrates one database per run that every test database starts as
 * (`openTestDatabase`). Migrating PGlite from scratch costs about 2.5 s a database, starting from the migrated
 * dump about 0.5 s; on PostgreSQL a database is made from a migrated template. The workers inherit the environment
 * set here.
 */
export async function setup() {
  const dir = await mkdtemp(path.join(tmpdir(), 'trove-test-template-'));
  const pglite = new PGlite();
  await migrate(drizzle({ client: pglite }), { migrationsFolder: MIGRATIONS_FOLDER });
  // Not compressed: loading it is the test database's start-up (436–491 ms a database against 672–741 ms gzipped).
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const dumpFile = path.join(dir, 'pglite.tar');
  await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  process.env[TEMPLATE_ENV.pglite] = dumpFile;

  let template: string | null = null;
  if (TEST_DATABASE_URL) {
    template = newId('trove_template').toLowerCase();
    await onTestServer(`CREATE DATABASE ${template}`);
    // Migrated, then closed: a template copies only while nobody is connected to it.
    await (await openDatabase({ url: testDatabaseUrl(template), poolSize: 1 })).close();
    process.env[TEMPLATE_ENV.postgres] = template;
  }

  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (template) await onTestServer(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
}
