import type { PGlite } from '@electric-sql/pglite';
import { pgliteDb, type Database, type Db } from '../db/client';

/**
 * The PGlite test databases of one Vitest worker, used again: a test file's closed database is emptied (every table of
 * the app truncated, the session discarded) and handed to the next file, instead of a new PGlite loading the migrated
 * dump. Loading it took 1.2–1.3 s a database on this 2-core host (the dump is 43 MB: a 16 MB WAL segment and three
 * databases' catalogues) and emptying takes about 0.1 s (docs/decisions/046-gate-time.md). The server tests share one
 * module graph per worker (vitest.config.ts, `isolate: false`), so the pool outlives each file.
 *
 * A closed database answers no query of the file that closed it (a test closes it to see the app without one): each
 * file gets its own guarded handle. A database that cannot be emptied within `RESET_LIMIT_MS` (a transaction left
 * open) is never handed out again.
 */
const idle: PGlite[] = [];
const RESET_LIMIT_MS = 10_000;
const QUERIES = new Set<PropertyKey>(['query', 'exec', 'transaction', 'sql']);

/** Every table of the app (schema public); drizzle's migration journal is kept. */
let tables: Promise<string[]> | null = null;

async function emptied(client: PGlite): Promise<boolean> {
  const reset = (async () => {
    tables ??= client
      .query<{ name: string }>(
        `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = 'public'`,
      )
      .then((r) => r.rows.map((row) => row.name));
    await client.exec('DISCARD ALL');
    await client.exec(`TRUNCATE ${(await tables).join(', ')} RESTART IDENTITY CASCADE`);
    return true;
  })();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), RESET_LIMIT_MS)));
  try {
    return await Promise.race([reset.catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A migrated, empty PGlite database: one given back by an earlier file, else `open()`'s. */
export async function pooledPglite(open: () => Promise<PGlite>): Promise<Database> {
  const client = idle.pop() ?? (await open());
  let closed = false;
  const guarded = new Proxy(client, {
    get(target, prop) {
      if (closed && QUERIES.has(prop)) return () => Promise.reject(new Error('PGlite is closed'));
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return {
    db: pgliteDb(guarded) as unknown as Db,
    kind: 'pglite',
    async close() {
      if (closed) return;
      closed = true;
      if (await emptied(client)) idle.push(client);
      else await client.close().catch(() => undefined);
    },
  };
}
