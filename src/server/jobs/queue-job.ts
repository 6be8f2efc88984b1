import type { FastifyBaseLogger } from 'fastify';
import type { QueueService } from '../modules/queue/queue.service';
import { QUEUE_TICK_MS } from '../modules/queue/queue-live';
import type { ExpiryJob } from './expiry-jobs';

/**
 * The waiting room's admission tick (decision 044): every second, the buyers whose turn came are told on the live
 * stream and their drops' lines move. Safe on every instance at once: the store answers each turn once.
 */
export function startQueueTickJob(opts: {
  queue: Pick<QueueService, 'tick'>;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): ExpiryJob {
  let running: Promise<number> | null = null;
  const runOnce = () =>
    (running ??= opts.queue
      .tick()
      .catch((err: unknown) => {
        opts.log.warn({ err }, 'queue tick failed');
        return 0;
      })
      .finally(() => {
        running = null;
      }));
  const timer = setInterval(() => void runOnce(), opts.intervalMs ?? QUEUE_TICK_MS);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
