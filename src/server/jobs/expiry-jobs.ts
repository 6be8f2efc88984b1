import type { FastifyBaseLogger } from 'fastify';
import type { AlertsService } from '../modules/alerts/alerts.service';
import type { MarketService } from '../modules/market/market.service';
import type { OffersService } from '../modules/offers/offers.service';
import type { PacksService } from '../modules/packs/packs.service';
import type { PayOrdersService } from '../modules/pay-orders/pay-orders.service';
import type { ShipmentsService } from '../modules/shipments/shipments.service';

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

/** Overdue pending pay orders (15 minutes) give their reservations back. */
export function startPayOrderExpiryJob(opts: {
  payOrders: PayOrdersService;
  log: FastifyBaseLogger;
  intervalMs?: number;
  batchSize?: number;
}): ExpiryJob {
  return startSweepJob({
    what: 'pay orders',
    expireDue: (n) => opts.payOrders.expireDue(n),
    log: opts.log,
    intervalMs: opts.intervalMs ?? 15_000,
    batchSize: opts.batchSize,
  });
}

/** Market listings past their time (sell 30 days, buy 7 days): items back to held, escrow back to the balance. */
export function startListingExpiryJob(opts: {
  market: MarketService;
  log: FastifyBaseLogger;
  intervalMs?: number;
  batchSize?: number;
}): ExpiryJob {
  return startSweepJob({
    what: 'market listings',
    expireDue: (n) => opts.market.expireDue(n),
    log: opts.log,
    intervalMs: opts.intervalMs ?? 60_000,
    batchSize: opts.batchSize,
  });
}

/** Owners of open listings expiring within 24 hours are told, once per listing (decision 034). */
export function startListingExpiryWarningJob(opts: {
  market: Pick<MarketService, 'warnExpiring'>;
  log: FastifyBaseLogger;
  intervalMs?: number;
  batchSize?: number;
}): ExpiryJob {
  return startSweepJob({
    what: 'listing expiry warnings',
    expireDue: (n) => opts.market.warnExpiring(n),
    log: opts.log,
    intervalMs: opts.intervalMs ?? 300_000,
    batchSize: opts.batchSize,
  });
}

/** Shipments delivered 7 days ago that the owner has not confirmed (確認收貨) are confirmed for them. */
export function startShipmentReceiptJob(opts: {
  shipments: Pick<ShipmentsService, 'confirmDue'>;
  log: FastifyBaseLogger;
  intervalMs?: number;
  batchSize?: number;
}): ExpiryJob {
  return startSweepJob({
    what: 'delivered shipments',
    expireDue: (n) => opts.shipments.confirmDue(n),
    log: opts.log,
    intervalMs: opts.intervalMs ?? 3_600_000,
    batchSize: opts.batchSize,
  });
}

/** Watchers of a card info or product whose sale starts within 10 minutes are told, once per drop (decision 039). */
export function startDropReminderJob(opts: {
  alerts: Pick<AlertsService, 'remindDrops'>;
  log: FastifyBaseLogger;
  intervalMs?: number;
  batchSize?: number;
}): ExpiryJob {
  return startSweepJob({
    what: 'drop reminders',
    expireDue: (n) => opts.alerts.remindDrops(n),
    log: opts.log,
    intervalMs: opts.intervalMs ?? 60_000,
    batchSize: opts.batchSize,
  });
}

/** Open offers past their time (24 hours to 7 days, issue 24): the held money goes back to the buyer's balance. */
export function startOfferExpiryJob(opts: {
  offers: Pick<OffersService, 'expireDue'>;
  log: FastifyBaseLogger;
  intervalMs?: number;
  batchSize?: number;
}): ExpiryJob {
  return startSweepJob({
    what: 'offers',
    expireDue: (n) => opts.offers.expireDue(n),
    log: opts.log,
    intervalMs: opts.intervalMs ?? 60_000,
    batchSize: opts.batchSize,
  });
}

/** Pack series whose sale window ended (with no pending order) publish their seed (decision 043): GETs never write. */
export function startPackRevealJob(opts: {
  packs: Pick<PacksService, 'revealDue'>;
  log: FastifyBaseLogger;
  intervalMs?: number;
  batchSize?: number;
}): ExpiryJob {
  return startSweepJob({
    what: 'pack seeds revealed',
    expireDue: (n) => opts.packs.revealDue(n),
    log: opts.log,
    intervalMs: opts.intervalMs ?? 30_000,
    batchSize: opts.batchSize ?? 20,
  });
}
