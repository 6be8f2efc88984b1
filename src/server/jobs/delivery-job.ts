import type { FastifyBaseLogger } from 'fastify';
import type { NotificationDeliveryService } from '../modules/notifications/notification-delivery.service';
import { startSweepJob, type ExpiryJob } from './expiry-jobs';

/**
 * Sends the notification outbox by Web Push and SMS every `intervalMs` (decision 038), in batches until none is
 * full. Safe on every instance at once: rows are claimed with SKIP LOCKED under a lease.
 */
export function startNotificationDeliveryJob(opts: {
  delivery: Pick<NotificationDeliveryService, 'deliverDue'>;
  log: FastifyBaseLogger;
  intervalMs?: number;
  batchSize?: number;
}): ExpiryJob {
  return startSweepJob({
    what: 'notification deliveries',
    expireDue: (n) => opts.delivery.deliverDue(n),
    log: opts.log,
    intervalMs: opts.intervalMs ?? 3_000,
    batchSize: opts.batchSize ?? 50,
  });
}
