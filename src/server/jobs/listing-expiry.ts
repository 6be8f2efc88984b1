import type { FastifyBaseLogger } from 'fastify';
import type { MarketService } from '../modules/market/market.service';
import type { ExpiryJob } from './pay-order-expiry';

/**
 * Expires market listings past their time every `intervalMs` (sell 30 days, buy 7 days: items go
 * back to held, escrow back to the balance). Safe on every instance: rows are locked with SKIP LOCKED.
 */
export function startListingExpiryJob(opts: { market: MarketService; log: FastifyBaseLogger; intervalMs?: number; batchSize?: number }): ExpiryJob {
  const intervalMs = opts.intervalMs ?? 60_000;
  const batch = opts.batchSize ?? 200;
  let running: Promise<number> | null = null;
  let stopped = false;

  async function sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await opts.market.expireDue(batch);
      total += n;
      if (n < batch || stopped) return total;
    }
  }

  function runOnce(): Promise<number> {
    running ??= sweep()
      .then((n) => {
        if (n > 0) opts.log.info({ expired: n }, 'market listings expired');
        return n;
      })
      .catch((err: unknown) => {
        opts.log.error({ err }, 'listing expiry failed');
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
