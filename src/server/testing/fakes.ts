import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client';

/**
 * A stand-in for the database in service tests whose repositories are fakes: `transaction` runs
 * the callback with a token transaction and counts the calls. Nothing can query it.
 */
export function fakeDb(): Db & { transactions: number } {
  const tx = { fake: 'tx' } as unknown as Tx;
  const db = {
    transactions: 0,
    async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      db.transactions++;
      return fn(tx);
    },
  };
  return db as unknown as Db & { transactions: number };
}

/** A logger that keeps what was logged at warn and above, so tests can look. */
export function memoryLog(): FastifyBaseLogger & { warnings: unknown[][] } {
  const warnings: unknown[][] = [];
  const log = {
    level: 'info',
    warnings,
    info: () => {},
    debug: () => {},
    trace: () => {},
    warn: (...args: unknown[]) => warnings.push(args),
    error: (...args: unknown[]) => warnings.push(args),
    fatal: (...args: unknown[]) => warnings.push(args),
    silent: () => {},
    child: () => log,
  };
  return log as unknown as FastifyBaseLogger & { warnings: unknown[][] };
}
