import { createHash, timingSafeEqual } from 'node:crypto';
import { PAY_ORDER_STATUSES } from '../../../shared/schemas/pay-orders';
import type { DropQueue, LiveDrop, LiveDropSeries } from '../../../shared/schemas/admin-live-drops';
import type { Actor, Operator } from '../../../shared/actor';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../errors';
import { createMetricsReadModel, type MetricsReadModel } from './metrics.read-model';

/** Gauges read from the database are read at most this often, whoever scrapes (several Prometheus, several tabs). */
export const SNAPSHOT_MS = 5_000;
/** The books are reconciled for the gauge at most once a minute per instance: reconciliation reads every final order. */
export const BOOKS_EVERY_MS = 60_000;

const MINUTE_MS = 60_000;

/** The waiting room's figures for one drop; the queue module passes this in when it runs (decision 045). */
export interface DropQueueReader {
  forDrop(kind: 'card' | 'product', id: string): Promise<DropQueue | null>;
}

/** `fn`'s answer, read again once older than `ms` on the app's clock; callers in between share one read. */
function cachedFor<T>(ms: number, now: () => number, fn: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: T } | null = null;
  let pending: Promise<T> | null = null;
  return () => {
    const at = now();
    if (last && at - last.at < ms) return Promise.resolve(last.value);
    pending ??= fn()
      .then((value) => {
        last = { at, value };
        return value;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };
}

const digest = (s: string) => createHash('sha256').update(s).digest();

const liveDropOf = (d: NonNullable<Awaited<ReturnType<MetricsReadModel['drop']>>>): LiveDrop => ({
  kind: d.kind,
  id: d.id,
  name: d.name,
  saleStartsAt: d.saleStartsAt?.toISOString() ?? '',
  saleEndsAt: d.saleEndsAt?.toISOString() ?? null,
  total: d.total,
  left: Math.max(0, d.left),
});

/**
 * Live metrics for operators (issue 25, docs/decisions/045-metrics.md): registers the gauges of pay orders, drop
 * stock, the notification outbox and the books with `deps.metrics`, answers `/metrics` to the scraper's token or an
 * operator, and the back office's live drop view.
 */
export function createMetricsService(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'metrics'>,
  svc: { books: { reconcile(): Promise<{ exceptions: unknown[] }> }; queue?: DropQueueReader },
  read: MetricsReadModel = createMetricsReadModel(),
) {
  const now = () => deps.clock.now().getTime();
  const m = deps.metrics;
  const orders = cachedFor(SNAPSHOT_MS, now, () => read.payOrdersByStatus(deps.db));
  const drops = cachedFor(SNAPSHOT_MS, now, () => read.liveDrops(deps.db, deps.clock.now()));
  const outbox = cachedFor(SNAPSHOT_MS, now, () => read.outboxBacklog(deps.db));
  const books = cachedFor(BOOKS_EVERY_MS, now, async () => ({
    exceptions: (await svc.books.reconcile()).exceptions.length,
    at: now(),
  }));

  m.registerCollector(
    { name: 'trove_pay_orders', help: 'Pay orders by state (every state present)', labelNames: ['state'] },
    async () => {
      const rows = await orders();
      return PAY_ORDER_STATUSES.map((state) => ({
        labels: { state },
        value: Number(rows.find((r) => r.status === state)?.count ?? 0),
      }));
    },
  );
  m.registerCollector(
    {
      name: 'trove_drop_stock_left',
      help: 'Units left (neither sold nor held by a pending order) of each card info and product on sale now',
      labelNames: ['kind', 'drop', 'name'],
    },
    async () =>
      (await drops()).map((d) => ({ labels: { kind: d.kind, drop: d.id, name: d.name }, value: Math.max(0, d.left) })),
  );
  m.registerCollector(
    { name: 'trove_notification_outbox_pending', help: 'Notification outbox rows not delivered yet' },
    async () => [{ value: (await outbox()).count }],
  );
  m.registerCollector(
    {
      name: 'trove_notification_outbox_oldest_age_seconds',
      help: 'Age of the oldest undelivered notification outbox row, in seconds (0 when none waits)',
    },
    async () => {
      const { oldest } = await outbox();
      return [{ value: oldest ? Math.max(0, (now() - oldest.getTime()) / 1000) : 0 }];
    },
  );
  m.registerCollector(
    {
      name: 'trove_books_balanced',
      help: `1 while the books balance (trial balance 0, no reconciliation exception); checked at most every ${BOOKS_EVERY_MS / 1000} s`,
    },
    async () => [{ value: (await books()).exceptions === 0 ? 1 : 0 }],
  );
  m.registerCollector(
    { name: 'trove_books_exceptions', help: 'Reconciliation exceptions found by the last check of the books' },
    async () => [{ value: (await books()).exceptions }],
  );
  m.registerCollector(
    { name: 'trove_books_checked_timestamp_seconds', help: 'When the books were last reconciled (Unix time)' },
    async () => [{ value: (await books()).at / 1000 }],
  );

  /** The scraper's METRICS_TOKEN, compared in constant time. */
  const isScraper = (token: string) => {
    const expected = deps.config.METRICS_TOKEN;
    return expected !== undefined && timingSafeEqual(digest(token), digest(expected));
  };

  return {
    /**
     * The Prometheus text, to the scraper's token or an operator's session: 401 without either, 403 to a signed-in
     * account that is not an operator.
     */
    async scrape(token: string | null, sessionOf: (token: string) => Promise<Actor | null>): Promise<string> {
      if (!token) throw new AppError('unauthorized', '請提供監控權杖（METRICS_TOKEN）或後台帳戶的登入憑證');
      if (!isScraper(token)) {
        const actor = await sessionOf(token);
        if (!actor) throw new AppError('unauthorized', '監控權杖或登入憑證無效，請重新提供');
        if (!actor.roles.includes('admin')) throw new AppError('unauthenticated', '此帳戶沒有讀取監控數據的權限');
      }
      return m.text();
    },

    /** The drops on sale now, for the live view's picker. */
    async liveDrops(_operator: Operator): Promise<LiveDrop[]> {
      return (await read.liveDrops(deps.db, deps.clock.now())).map(liveDropOf);
    },

    /** One drop's last `minutes` minute by minute, its stock now and its waiting room. */
    async liveDrop(
      _operator: Operator,
      q: { kind: 'card' | 'product'; id: string; minutes: number },
    ): Promise<LiveDropSeries> {
      const d = await read.drop(deps.db, q.kind, q.id);
      if (!d) throw notFound('找不到此發售');
      const at = deps.clock.now();
      const current = Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS;
      const first = current - (q.minutes - 1) * MINUTE_MS;
      const [series, queue] = await Promise.all([
        read.dropMinutes(deps.db, q.kind, q.id, new Date(first)),
        svc.queue ? svc.queue.forDrop(q.kind, q.id) : Promise.resolve(null),
      ]);
      const drop = liveDropOf(d);
      const minutes: LiveDropSeries['minutes'] = [];
      // Walking back from now: what was left at the end of a minute is what is left now plus what was taken after it.
      let left = drop.left;
      for (let t = current; t >= first; t -= MINUTE_MS) {
        const ordered = series.ordered.get(t) ?? 0;
        minutes.push({ at: new Date(t).toISOString(), ordered, paid: series.paid.get(t) ?? 0, left });
        left = Math.min(drop.total, left + ordered);
      }
      return { drop, at: at.toISOString(), queue, minutes: minutes.reverse() };
    },
  };
}
export type MetricsService = ReturnType<typeof createMetricsService>;
