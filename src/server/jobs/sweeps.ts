import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services';
import { startSweepJob, type ExpiryJob } from './expiry-jobs';

/** A sweep over one service: what the log calls its rows, how often it runs, how many rows a batch takes. */
interface Sweep {
  what: string;
  intervalMs: number;
  batchSize?: number;
  /** Handles at most `batch` due rows and answers how many it handled. */
  due(services: Services, batch: number): Promise<number>;
}

/**
 * The sweeps every instance runs. Each is safe on several instances at once: a batch locks its rows with SKIP LOCKED
 * (or writes each row's outcome once), so no row is handled twice.
 */
export const SWEEPS = {
  /** Overdue pending pay orders (15 minutes) give their reservations back. */
  payOrders: { what: 'pay orders', intervalMs: 15_000, due: (s, n) => s.payOrders.expireDue(n) },
  /** Market listings past their time (sell 30 days, buy 7 days): items back to held, escrow back to the balance. */
  listings: { what: 'market listings', intervalMs: 60_000, due: (s, n) => s.market.expireDue(n) },
  /** Open offers past their time (24 hours to 7 days, issue 24): the held money goes back to the buyer's balance. */
  offers: { what: 'offers', intervalMs: 60_000, due: (s, n) => s.offers.expireDue(n) },
  /** Owners of open listings expiring within 24 hours are told, once per listing (decision 034). */
  listingWarnings: { what: 'listing expiry warnings', intervalMs: 300_000, due: (s, n) => s.market.warnExpiring(n) },
  /** Shipments delivered 7 days ago that the owner has not confirmed (確認收貨) are confirmed for them. */
  shipmentReceipts: { what: 'delivered shipments', intervalMs: 3_600_000, due: (s, n) => s.shipments.confirmDue(n) },
  /** Watchers of a card info or product whose sale starts within 10 minutes are told, once per drop (decision 039). */
  dropReminders: { what: 'drop reminders', intervalMs: 60_000, due: (s, n) => s.alerts.remindDrops(n) },
  /** The notification outbox, sent by Web Push and SMS (decision 038): rows claimed under a lease. */
  deliveries: {
    what: 'notification deliveries',
    intervalMs: 3_000,
    batchSize: 50,
    due: (s, n) => s.delivery.deliverDue(n),
  },
  /** Pack series whose sale window ended (with no pending order) publish their seed (decision 043): GETs never write. */
  packReveals: { what: 'pack seeds revealed', intervalMs: 30_000, batchSize: 20, due: (s, n) => s.packs.revealDue(n) },
  /**
   * Each collector's daily portfolio snapshot (issue 24): every hour, the day's snapshot of the users who have none
   * yet, so each gets one a day, early in the Hong Kong day; a user's day is written once.
   */
  portfolio: {
    what: 'portfolio snapshots',
    intervalMs: 3_600_000,
    batchSize: 100,
    due: (s, n) => s.portfolio.snapshotDue(n),
  },
} satisfies Record<string, Sweep>;

export type SweepName = keyof typeof SWEEPS;

/** Starts one sweep of SWEEPS over the app's services; a test sets another interval (and runs it with runOnce). */
export function startSweep(
  name: SweepName,
  services: Services,
  log: FastifyBaseLogger,
  opts: { intervalMs?: number; batchSize?: number } = {},
): ExpiryJob {
  const sweep: Sweep = SWEEPS[name];
  return startSweepJob({
    what: sweep.what,
    expireDue: (n) => sweep.due(services, n),
    log,
    intervalMs: opts.intervalMs ?? sweep.intervalMs,
    batchSize: opts.batchSize ?? sweep.batchSize,
  });
}
