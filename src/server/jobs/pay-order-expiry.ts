import type { FastifyBaseLogger } from 'fastify';
import type { PayOrdersService } from '../modules/pay-orders/pay-orders.service';

export interface ExpiryJob {
  /** Runs one sweep now (until no overdue order is left); resolves when it is done. */
  runOnce(): Promise<number>;
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
}

/**
 * Expires overdue pending pay orders every `intervalMs` and gives their reservations back. Safe
 * to run on every instance at once: each batch skips orders another instance holds.
 */
export function startPayOrderExpiryJob(opts: { payOrders: PayOrdersService; log: FastifyBaseLogger; intervalMs?: number; batchSize?: number }): ExpiryJob {
  const intervalMs = opts.intervalMs ?? 15_000;
  const batch = opts.batchSize ?? 200;
  let running: Promise<number> | null = null;
  let stopped = false;

  async function sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await opts.payOrders.expireDue(batch);
      total += n;
      if (n < batch || stopped) return total;
    }
  }

  function runOnce(): Promise<number> {
    running ??= sweep()
      .then((n) => {
        if (n > 0) opts.log.info({ expired: n }, 'pay orders expired');
        return n;
      })
      .catch((err: unknown) => {
        opts.log.error({ err }, 'pay order expiry failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = setInterval(() => void runOnce(), intervalMs);
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
