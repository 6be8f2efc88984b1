import type { Deps } from '../../deps';
import type { AdminQueue, AdminQueueRate, DropKey, QueueReport } from '../../../shared/schemas/queue';
import type { Operator } from '../auth/auth.service';
import type { QueueServices } from './queue.service';
import { queueIdOf } from './admission';
import type { QueueRepository } from './queue.repository';
import { admittedBy, scheduleOf, type DropView, type DropViews } from './queue-schedule';
import type { QueueStore } from './queue-store';

/** What the audit log calls each kind of drop. */
const AUDIT_TARGETS = { card: 'card_info', product: 'product', pack: 'pack_series' } as const;

/** A public report is answered from memory this long (anyone may ask, often, after a drop). */
const REPORT_TTL_MS = 2_000;
/** The drops `gauges` reports: those asked about within this long on the instance. */
const LIVE_WITHIN_MS = 60_000;

/** The fairness report, the operator's view and rate, and the metrics read of the waiting room. */
export function createQueueReports(
  deps: Pick<Deps, 'db' | 'clock'>,
  ctx: {
    views: DropViews;
    repo: QueueRepository;
    store: QueueStore;
    stored: <T>(call: Promise<T>) => Promise<T>;
    payOrders: QueueServices['payOrders'];
    audit: QueueServices['audit'];
    hotView: (key: DropKey) => Promise<DropView>;
  },
) {
  const kept = new Map<string, { at: number; report: Promise<QueueReport> }>();

  async function build(v: DropView): Promise<QueueReport> {
    const { drop, sale } = v;
    const [counts, sales] = await Promise.all([
      ctx.stored(ctx.store.counts(queueIdOf(drop))),
      ctx.payOrders.dropSales({ type: drop.kind, id: drop.id }),
    ]);
    const soldOut = sale.left === 0 && sales.lastAt !== null;
    return {
      kind: drop.kind,
      id: drop.id,
      startsAt: new Date(drop.startMs).toISOString(),
      joinedBeforeStart: counts.before,
      joinedAfterStart: counts.after,
      admitted: counts.admitted,
      buyers: sales.buyers,
      unitsSold: sales.units,
      sellOutSeconds: soldOut ? Math.max(0, Math.round((sales.lastAt!.getTime() - drop.startMs) / 1000)) : null,
      perUserLimit: sale.perUserLimit,
      mostByOneBuyer: sales.most,
      capsHeld: sales.most <= sale.perUserLimit,
    };
  }

  async function report(key: DropKey, fresh = false): Promise<QueueReport> {
    const v = await ctx.hotView(key);
    const name = queueIdOf(v.drop);
    const t = deps.clock.now().getTime();
    const hit = kept.get(name);
    if (!fresh && hit && t - hit.at < REPORT_TTL_MS) return hit.report;
    const out = build(v);
    kept.set(name, { at: t, report: out });
    out.catch(() => kept.delete(name));
    return out;
  }

  async function adminQueue(key: DropKey): Promise<AdminQueue> {
    const v = await ctx.hotView(key);
    return { perMinute: v.schedule.perMinute, custom: v.schedule.custom, report: await report(key, true) };
  }

  return {
    report: (key: DropKey) => report(key),
    adminQueue,

    /**
     * Sets a drop's admission rate from now on: those admitted so far stay admitted (the schedule's count at this
     * moment becomes its base), audited in the same transaction.
     */
    async setRate(op: Operator, input: AdminQueueRate): Promise<AdminQueue> {
      const key = { kind: input.kind, id: input.id };
      const v = await ctx.hotView(key);
      await deps.db.transaction(async (tx) => {
        const row = await ctx.repo.get(tx, key.kind, key.id, { lock: true });
        const before = scheduleOf(row);
        const now = deps.clock.now();
        const base = admittedBy(v.drop.startMs, before, now.getTime());
        await ctx.repo.upsert(tx, {
          kind: key.kind,
          itemId: key.id,
          perMinute: input.perMinute,
          admittedBase: base,
          baseAt: now,
          updatedAt: now,
        });
        await ctx.audit.record(tx, op, {
          action: 'drop_queue.rate',
          targetType: AUDIT_TARGETS[key.kind],
          targetId: key.id,
          before: { perMinute: before.perMinute },
          after: { perMinute: input.perMinute },
        });
      });
      ctx.views.forget(key);
      return adminQueue(key);
    },

    /** Queue length and admissions so far of each drop asked about on this instance in the last minute. */
    async gauges(): Promise<{ kind: string; id: string; joined: number; admitted: number }[]> {
      const out = [];
      for (const key of ctx.views.recent(LIVE_WITHIN_MS)) {
        try {
          const v = await ctx.views.get(key, { touch: false });
          const c = await ctx.store.counts(queueIdOf(v.drop));
          out.push({ kind: key.kind, id: key.id, joined: c.before + c.after, admitted: c.admitted });
        } catch {
          // An item gone or the store away: no gauge for it this time.
        }
      }
      return out;
    },
  };
}
