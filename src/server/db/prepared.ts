import type { Executor } from './client';

interface Session {
  /** A pg pool or pool client, a PGlite or PGlite transaction. */
  client?: unknown;
  /** One per database (`drizzle(…)`), shared by its transactions. */
  dialect?: unknown;
}

/** The session a drizzle executor runs its queries through: its database's dialect and its own connection. */
function sessionOf(db: Executor): { client: object; dialect: object } {
  const { client, dialect } = db._.session as unknown as Session;
  if (typeof client !== 'object' || client === null || typeof dialect !== 'object' || dialect === null) {
    throw new Error('prepared statement: this executor has no client');
  }
  return { client, dialect };
}

/**
 * A statement built once per database and run on any executor of it, the database or an open transaction.
 * `build` makes a drizzle prepared query (`.prepare(name)`, its values as `sql.placeholder(…)`), so each call
 * only fills the placeholders in: no query building, and with node-postgres the statement is parsed once per
 * connection (named). drizzle ties a prepared query to the connection of the executor it was built on; the
 * same built query is handed to a transaction of the same database with that transaction's connection instead
 * (one small object per connection: the pool, each pool client, each PGlite transaction).
 */
export function preparedOnce<Q extends object>(build: (db: Executor) => Q): (db: Executor) => Q {
  /** By database (its dialect): the query built on its first executor seen, and that executor's connection. */
  const built = new WeakMap<object, { query: Q; client: object }>();
  const bound = new WeakMap<object, Q>();
  return (db) => {
    const { client, dialect } = sessionOf(db);
    let query = bound.get(client);
    if (query) return query;
    let first = built.get(dialect);
    if (!first) {
      const q = build(db);
      if ((q as { client?: unknown }).client !== client)
        throw new Error('prepared statement: the built query does not run on its executor’s client');
      built.set(dialect, (first = { query: q, client }));
    }
    // Everything else (text, name, parameters, result mapping, the database's logger) is the built query's.
    query = client === first.client ? first.query : (Object.create(first.query, { client: { value: client } }) as Q);
    bound.set(client, query);
    return query;
  };
}
