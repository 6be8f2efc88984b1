import type { Deps } from '../../deps';
import type { Executor } from '../../db/client';
import { AppError, conflict, notFound } from '../../errors';
import { formatHkDateTime } from '../../../shared/hk-time';
import {
  ADMISSION_WINDOW_MS,
  type AdminQueue,
  type AdminQueueRate,
  type DropKey,
  type DropKind,
  type QueuePhase,
  type QueueReport,
  type QueueStatus,
} from '../../../shared/schemas/queue';
import type { Actor, Operator } from '../auth/auth.service';
import type { AuditService } from '../audit/audit.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { PayOrdersService } from '../pay-orders/pay-orders.service';
import { createAdmissions, queueIdOf, type QueueDrop } from './admission';
import { createQueueRepository } from './queue.repository';
import { createQueueReports } from './queue-report';
import { admissionTime, admittedBy, createDropViews, type DropView, type SaleOf } from './queue-schedule';
import type { QueueStore, Standing } from './queue-store';
import { createQueueTicker, type QueueLive } from './queue-live';

export interface QueueServices {
  catalogue: Pick<CatalogueService, 'saleInfo'>;
  payOrders: Pick<PayOrdersService, 'admissionUsed' | 'dropSales'>;
  audit: Pick<AuditService, 'record'>;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Whether nothing more can be bought (sold out, ended, not sold): no one joins, no one waiting gets in. */
const over = (v: DropView) => v.sale.left === 0 || ['ended', 'sold_out', 'not_for_sale'].includes(v.sale.saleState);

/**
 * The waiting room of hot drops (issue 25, docs/decisions/044-waiting-room.md): joining, where a buyer stands, the
 * admission token `payOrder/create` asks for, the fairness report and the operator's rate. Who waits is in `store`
 * (the record in the database, a copy in Redis or this process: decision 051); the rate in drop_queues.
 */
export function createQueueService(
  deps: Pick<Deps, 'db' | 'clock' | 'keys' | 'metrics'>,
  svc: QueueServices,
  store: QueueStore,
  /** The live stream (built after this service): turns and the line's moves go out on it. */
  live: () => QueueLive | undefined = () => undefined,
) {
  const repo = createQueueRepository();
  const admissions = createAdmissions(deps.keys);
  const now = () => deps.clock.now().getTime();
  // The sale rules of each kind of drop: the catalogue's card infos and products here, packs register theirs.
  const sales = new Map<DropKind, SaleOf>([
    ['card', (db, key) => svc.catalogue.saleInfo(db, { kind: 'card', id: key.id })],
    ['product', (db, key) => svc.catalogue.saleInfo(db, { kind: 'product', id: key.id })],
  ]);
  const saleOf: SaleOf = (db, key) => {
    const of = sales.get(key.kind);
    if (!of) throw notFound('找不到此商品');
    return of(db, key);
  };
  const views = createDropViews({ db: deps.db, now }, { saleOf, repo });

  /**
   * A store call. Redis away is answered from the record (decision 051); the record away is a 503 (a place the queue
   * cannot vouch for is never guessed).
   */
  async function stored<T>(call: Promise<T>): Promise<T> {
    try {
      return await call;
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError('unavailable', '排隊服務暫時無法使用，請稍後再試');
    }
  }

  async function hotView(key: DropKey): Promise<DropView> {
    const v = await views.get(key);
    if (!v.sale.hot) throw conflict('此商品毋須排隊，可直接購買', 'not_hot');
    return v;
  }

  /** Where the caller stands at `t`; `joined` is the standing a join answered at `t` (no second read). */
  async function status(actor: Actor, v: DropView, t: number, joined?: Standing): Promise<QueueStatus> {
    const { drop, schedule } = v;
    const admitted = admittedBy(drop.startMs, schedule, t);
    const st = joined ?? (await stored(store.standing(queueIdOf(drop), actor.userId, admitted, t)));
    const out: QueueStatus = {
      kind: drop.kind,
      id: drop.id,
      phase: 'open',
      opensAt: iso(v.opensAt),
      startsAt: iso(drop.startMs),
      serverTime: iso(t),
      position: null,
      etaSeconds: null,
      perMinute: schedule.perMinute,
      admitted: Math.min(admitted, st.size),
      joined: st.size,
      token: null,
      admittedUntil: null,
      askAt: null,
    };
    let phase: QueuePhase;
    if (st.rank === null) phase = over(v) ? 'ended' : t < v.opensAt ? 'closed' : 'open';
    else if (t < drop.startMs) {
      phase = 'waiting_start';
      // When to ask for the drawn place (decision 044): at the turn of the rank among those who joined so far. Later
      // joiners only push it back, so the ask is never after the turn, and the crowd asks in its drawn order at the
      // admission rate, not all at the start instant (the screen asks again every 30 s until the start).
      const askAt = admissionTime(drop.startMs, schedule, st.rank);
      out.askAt = iso(askAt);
      out.etaSeconds = Math.ceil((askAt - t) / 1000);
    } else if (st.admittedAt !== null) {
      const until = st.admittedAt + ADMISSION_WINDOW_MS;
      out.admittedUntil = iso(until);
      if (await svc.payOrders.admissionUsed(deps.db, admissions.idOf(actor.userId, drop))) phase = 'used';
      else if (t >= until) phase = 'expired';
      else if (over(v)) phase = 'ended';
      else {
        phase = 'admitted';
        out.token = admissions.issue(actor.userId, drop, until);
      }
    } else {
      out.position = st.rank - admitted + 1;
      out.etaSeconds = Math.max(0, Math.ceil((admissionTime(drop.startMs, schedule, st.rank) - t) / 1000));
      phase = over(v) ? 'ended' : 'waiting';
    }
    return { ...out, phase };
  }

  const ticker = createQueueTicker({ now, views, store, over, live });
  const reports = createQueueReports(deps, {
    views,
    repo,
    store,
    stored,
    payOrders: svc.payOrders,
    audit: svc.audit,
    hotView,
  });
  // /metrics (decision 045): queue length and admissions so far of the drops asked about on this instance in the last
  // minute; Prometheus' rate() of the second is the admission rate.
  // Both gauges of one scrape share one read of the store (a scrape collects them at the same time).
  let gaugeRead: ReturnType<typeof reports.gauges> | null = null;
  const gauges = () =>
    (gaugeRead ??= reports.gauges().finally(() => {
      gaugeRead = null;
    }));
  const dropLabels = ['kind', 'drop'];
  deps.metrics.registerCollector(
    { name: 'trove_queue_waiting', help: "Buyers in a hot drop's queue not yet admitted", labelNames: dropLabels },
    async () =>
      (await gauges()).map((g) => ({
        labels: { kind: g.kind, drop: g.id },
        value: Math.max(0, g.joined - g.admitted),
      })),
  );
  deps.metrics.registerCollector(
    { name: 'trove_queue_admitted', help: "Buyers admitted from a hot drop's queue so far", labelNames: dropLabels },
    async () => (await gauges()).map((g) => ({ labels: { kind: g.kind, drop: g.id }, value: g.admitted })),
  );

  return {
    /** Tells the queue the sale rules of a kind of drop (a mystery pack's series: decision 044). */
    registerDrop(kind: DropKind, of: SaleOf): void {
      sales.set(kind, of);
    },

    /** `queue/join`: a place for the caller (the same one if they joined already), and where they stand. */
    async join(actor: Actor, key: DropKey): Promise<QueueStatus> {
      const v = await hotView(key);
      const t = now();
      if (t < v.opensAt) throw conflict(`排隊將於 ${formatHkDateTime(new Date(v.opensAt))} 開始（開售前 10 分鐘）`);
      if (over(v)) throw conflict(v.sale.saleState === 'ended' ? '此商品的發售已結束' : '此商品已售罄', 'sold_out');
      const shuffle = t < v.drop.startMs ? admissions.shuffle(actor.userId, v.drop) : null;
      const admitted = admittedBy(v.drop.startMs, v.schedule, t);
      return status(actor, v, t, await stored(store.join(queueIdOf(v.drop), actor.userId, shuffle, admitted, t)));
    },

    /** `queue/status`: where the caller stands, and their admission token once admitted. */
    async status(actor: Actor, key: DropKey): Promise<QueueStatus> {
      return status(actor, await hotView(key), now());
    },

    /**
     * The admission id of the token a buyer sends with a hot drop's order (decision 044): a zh-HK 409 when it is
     * missing, forged, someone else's, another drop's, expired or already spent. Run inside the buyer's locked
     * transaction, so two orders with one admission cannot both see it unspent.
     */
    async admit(tx: Executor, drop: QueueDrop, buyerId: string, token: string | undefined, at: Date): Promise<string> {
      const id = admissions.verify(token, buyerId, drop, at.getTime());
      if (await svc.payOrders.admissionUsed(tx, id))
        throw conflict('你已用此排隊資格下單：每個排隊位置只可下單一次', 'admission_used');
      return id;
    },

    /** `queue/report`: the fairness report of a hot drop. */
    report: (key: DropKey): Promise<QueueReport> => reports.report(key),
    /** The back office's view of a drop's queue, and its rate setting. */
    adminQueue: (_op: Operator, key: DropKey): Promise<AdminQueue> => reports.adminQueue(key),
    async setRate(op: Operator, input: AdminQueueRate): Promise<AdminQueue> {
      const out = await reports.setRate(op, input);
      await ticker.rateChanged({ kind: input.kind, id: input.id });
      return out;
    },

    /**
     * One admission tick (the queue job, every QUEUE_TICK_MS): the buyers whose turn came are told on their streams,
     * once, and their drops' lines move; answers how many were told.
     */
    tick: () => ticker.tick(),

    /**
     * For the /metrics gauges: each drop asked about in the last minute on this instance, with how many are in its
     * queue and how many have been admitted so far (from the shared store: the same on every instance).
     */
    gauges: () => reports.gauges(),

    /**
     * The back office's live drop view (decision 045): who waits now and the admission rate; null for a drop that is
     * not hot (no waiting room).
     */
    async forDrop(kind: DropKey['kind'], id: string): Promise<{ waiting: number; admittedPerMinute: number } | null> {
      const q = await reports.adminQueue({ kind, id }).catch((err: unknown) => {
        if (err instanceof AppError && err.code < 500) return null;
        throw err;
      });
      if (!q) return null;
      const joined = q.report.joinedBeforeStart + q.report.joinedAfterStart;
      return { waiting: Math.max(0, joined - q.report.admitted), admittedPerMinute: q.perMinute };
    },

    /** The shuffle score of a user's early join (the benchmark checks the admission order against it). */
    shuffleOf: (userId: string, drop: QueueDrop) => admissions.shuffle(userId, drop),
  };
}
export type QueueService = ReturnType<typeof createQueueService>;
