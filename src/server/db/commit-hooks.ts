import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client';

/**
 * "Once this is committed, do that": what a service keeps in memory on the strength of the database
 * (cached sessions) must be dropped after the write that changes it is visible, not before, or a reader
 * between the two would keep the old rows. `track(db)` answers the database whose transactions report
 * their end; `afterCommit(fn)` inside one of them runs `fn` once it commits (never if it rolls back),
 * and outside any at once (the write before it has committed already). With a `key`, a transaction runs the first
 * `fn` given under that key and drops the others (a tag invalidated ten times is announced once).
 */
export interface CommitHooks {
  track(db: Db): Db;
  afterCommit(fn: () => void, key?: string): void;
}

export function createCommitHooks(opts: { onError?: (err: unknown) => void } = {}): CommitHooks {
  const scopes = new AsyncLocalStorage<{ after: (() => void)[]; keys: Set<string>; ended: boolean }>();
  const run = (fn: () => void) => {
    try {
      fn();
    } catch (err) {
      opts.onError?.(err);
    }
  };
  return {
    track(db) {
      const tracked = Object.create(db) as Db;
      const transaction = db.transaction.bind(db);
      tracked.transaction = (async (
        fn: Parameters<Db['transaction']>[0],
        config?: Parameters<Db['transaction']>[1],
      ) => {
        const scope = { after: [] as (() => void)[], keys: new Set<string>(), ended: false };
        try {
          const result = await scopes.run(scope, () => transaction(fn, config));
          for (const f of scope.after) run(f);
          return result;
        } finally {
          // Work the transaction started may go on after it (not awaited): from then on, at once.
          scope.ended = true;
        }
      }) as Db['transaction'];
      return tracked;
    },
    afterCommit(fn, key) {
      const scope = scopes.getStore();
      if (!scope || scope.ended) return run(fn);
      if (key !== undefined) {
        if (scope.keys.has(key)) return;
        scope.keys.add(key);
      }
      scope.after.push(fn);
    },
  };
}
