import type { FastifyBaseLogger } from 'fastify';
import type { PortfolioService } from '../modules/portfolio/portfolio.service';
import { startSweepJob, type ExpiryJob } from './expiry-jobs';

/**
 * Takes each collector's daily portfolio snapshot (issue 24): every hour it writes the day's snapshot of the users
 * who have none yet, so each user gets one a day, early in the Hong Kong day. Safe on every instance at once: a
 * user's day is written once (portfolio.service.ts, `snapshotDue`).
 */
export function startPortfolioSnapshotJob(opts: {
  portfolio: Pick<PortfolioService, 'snapshotDue'>;
  log: FastifyBaseLogger;
  intervalMs?: number;
  batchSize?: number;
}): ExpiryJob {
  return startSweepJob({
    what: 'portfolio snapshots',
    expireDue: (n) => opts.portfolio.snapshotDue(n),
    log: opts.log,
    intervalMs: opts.intervalMs ?? 3_600_000,
    batchSize: opts.batchSize ?? 100,
  });
}
