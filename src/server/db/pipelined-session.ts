import type { Writable } from 'node:stream';
import { sql, type Logger, type SQL } from 'drizzle-orm';
import { NodePgDatabase, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db, Executor } from './client';

type NoSchema = Record<string, never>;

/**
 * The socket of a pg client, whose writes can be held back (`cork`) and sent as one; null for anything else (a
 * PGlite transaction, or a pg version that keeps it elsewhere: statements then go out one write each).
 */
function socketOf(client: unknown): Writable | null {
  const stream = (client as { connection?: { stream?: Partial<Writable> } } | null)?.connection?.stream;
  return stream && typeof stream.cork === 'function' && typeof stream.uncork === 'function'
    ? (stream as Writable)
    : null;
}

/** Clients whose socket `withCommit` holds until their transaction's COMMIT or ROLLBACK is written. */
const heldUntilEnd = new WeakSet<object>();

function writeHeld(client: object) {
  if (!heldUntilEnd.delete(client)) return;
  const socket = socketOf(client);
  while (socket && socket.writableCorked > 0) socket.uncork();
}

/**
 * Transactions of the pipelined pool (db/client.ts) that spend no round trip and no socket write of their own
 * (issue 10: on this kind of machine every write to the database's socket is a costly system call, and a drop's
 * order is CPU-bound):
 * - BEGIN is sent without waiting for its answer, in the same write as the statement the callback sends first
 *   (synchronously, before its first await; otherwise it goes alone, still without a wait). Answers come back in
 *   order, and BEGIN's is checked before the COMMIT. BEGIN on a pool connection fails only with the connection,
 *   and then so does everything written behind it.
 * - what the callback sends inside `withCommit` goes out in the same write as its COMMIT (or ROLLBACK).
 * Otherwise drizzle's own transaction: one pool client for its length, COMMIT, ROLLBACK after a throw, savepoints
 * for nested transactions.
 */
class PipelinedSession extends NodePgSession<NoSchema, NoSchema> {
  constructor(
    private readonly pool: pg.Pool,
    private readonly pgDialect: PgDialect,
    private readonly sessionOptions: { logger?: Logger },
  ) {
    super(pool, pgDialect, undefined, sessionOptions);
  }

  override async transaction<T>(
    fn: (tx: NodePgTransaction<NoSchema, NoSchema>) => Promise<T>,
    config?: PgTransactionConfig,
  ): Promise<T> {
    // Isolation level or access mode (none of ours so far): drizzle's own, with BEGIN … awaited.
    if (config) return super.transaction(fn, config);
    const client = await this.pool.connect();
    const session = new NodePgSession<NoSchema, NoSchema>(client, this.pgDialect, undefined, this.sessionOptions);
    const tx = new NodePgTransaction<NoSchema, NoSchema>(this.pgDialect, session, undefined);
    const socket = socketOf(client);
    // The session's own execute sends at once (the transaction's `execute` only once awaited).
    const send = (statement: SQL) => session.execute(statement);
    /** COMMIT or ROLLBACK, written at once together with what `withCommit` held back. */
    const end = (statement: SQL) => {
      const sent = send(statement);
      writeHeld(client);
      return sent;
    };
    socket?.cork();
    const begun = send(sql`begin`);
    begun.catch(() => undefined);
    let running: Promise<T>;
    try {
      running = fn(tx);
    } catch (err) {
      running = Promise.reject(err);
    } finally {
      socket?.uncork();
    }
    try {
      const result = await running;
      await begun;
      await end(sql`commit`);
      return result;
    } catch (err) {
      await end(sql`rollback`);
      throw err;
    } finally {
      client.release();
    }
  }
}

/** A drizzle database over a pipelined pg pool whose transactions are `PipelinedSession`'s. */
export function pipelinedDatabase(pool: pg.Pool, opts: { logger?: Logger }): Db {
  const dialect = new PgDialect({ casing: 'snake_case' });
  return new NodePgDatabase<NoSchema>(
    dialect,
    new PipelinedSession(pool, dialect, { logger: opts.logger }),
    undefined,
  ) as unknown as Db;
}

/**
 * Runs `send`, whose statements (sent, not awaited) go out in the same socket write as the transaction's COMMIT: the
 * last statements of a transaction, whose answers are awaited once it has returned. On anything but a pipelined
 * transaction it just runs `send`. Should the transaction await something before it returns, they are written at
 * the end of this turn of the event loop anyway.
 */
export function withCommit<T>(tx: Executor, send: () => T): T {
  // A test's fake transaction has no drizzle session: nothing to hold then.
  const client = (tx as { _?: { session?: { client?: object } } })._?.session?.client;
  const socket = socketOf(client);
  if (!client || !socket || heldUntilEnd.has(client)) return send();
  socket.cork();
  heldUntilEnd.add(client);
  setImmediate(() => writeHeld(client));
  return send();
}
