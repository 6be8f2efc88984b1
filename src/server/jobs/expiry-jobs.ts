import type { FastifyBaseLogger } from 'fastify';

export interface ExpiryJob {
  /** Runs one sweep now (until nothing overdue is left); resolves when it is done. */
  runOnce(): Promise<number>;
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
}

export interface SweepOptions {
  /** What the log calls the rows, e.g. "pay orders". */
  what: string;
  /** Expires at most `batch` overdue rows and answers how many it expired. */
  expireDue(batch: number): Promise<number>;
  log: FastifyBaseLogger;
  intervalMs: number;
  batchSize?: number;
}

/**
 * Runs `expireDue` in batches every `intervalMs`. Safe to run on every instance at once: each
 * batch locks its rows with SKIP LOCKED, so instances never expire the same row twice.
 */
export function startSweepJob(opts: SweepOptions): ExpiryJob {
  const batch = opts.batchSize ?? 200;
  let running: Promise<number> | null = null;
  let stopped = false;

  async function sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await opts.expireDue(batch);
      total += n;
      if (n < batch || stopped) return total;
    }
  }

  function runOnce(): Promise<number> {
    running ??= sweep()
      .then((n) => {
        if (n > 0) opts.log.info({ expired: n }, `${opts.what} expired`);
        return n;
      })
      .catch((err: unknown) => {
        opts.log.error({ err }, `${opts.what} expiry failed`);
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = setInterval(() => void runOnce(), opts.intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
