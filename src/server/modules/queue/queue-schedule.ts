import type { Executor } from '../../db/client';
import type { SaleInfo } from '../catalogue/catalogue.service';
import { DEFAULT_ADMIT_PER_MINUTE, QUEUE_OPENS_BEFORE_MS, type DropKey } from '../../../shared/schemas/queue';
import type { QueueDrop } from './admission';
import type { DropQueueRow, QueueRepository } from './queue.repository';

/** How long an instance answers a drop's sale rules and rate from memory (every status call needs them). */
export const DROP_VIEW_TTL_MS = 1_000;

/** The admission schedule of a drop: its rate, and how many had been admitted when the rate last changed. */
export interface Schedule {
  perMinute: number;
  base: number;
  /** When the rate last changed (ms); null = never. */
  baseAt: number | null;
  /** Whether the operator set it (the default otherwise). */
  custom: boolean;
}

/** The sale rules the queue needs of a drop, whatever its kind (a card info, a product, a pack series). */
export type DropSale = Pick<SaleInfo, 'hot' | 'left' | 'saleState' | 'saleStartsAt' | 'perUserLimit'>;

/** Answers a drop's sale rules (its kind's module registers one, `queue.registerDrop`); unknown id → 404. */
export type SaleOf = (db: Executor, key: DropKey) => Promise<DropSale>;

/** What the queue needs of a drop: its sale rules and its schedule. */
export interface DropView {
  sale: DropSale;
  schedule: Schedule;
  drop: QueueDrop;
  opensAt: number;
}

export const scheduleOf = (row: DropQueueRow | null): Schedule =>
  row
    ? { perMinute: row.perMinute, base: row.admittedBase, baseAt: row.baseAt?.getTime() ?? null, custom: true }
    : { perMinute: DEFAULT_ADMIT_PER_MINUTE, base: 0, baseAt: null, custom: false };

/**
 * How many buyers the schedule has admitted by `now` (ms): none before the start, then `perMinute`, counted from
 * the last rate change (or the start). The count is a function of the clock, the same on every instance: no job
 * admits anyone, and a member is admitted when their rank is below it (QueueStore.standing).
 */
export function admittedBy(startMs: number, s: Schedule, now: number): number {
  if (now < startMs) return 0;
  const from = Math.max(s.baseAt ?? startMs, startMs);
  return s.base + Math.ceil((s.perMinute * Math.max(0, now - from)) / 60_000);
}

/** When (ms) the member of 0-based `rank` is admitted at the current rate: the inverse of `admittedBy`. */
export function admissionTime(startMs: number, s: Schedule, rank: number): number {
  const from = Math.max(s.baseAt ?? startMs, startMs);
  return from + Math.max(0, ((rank - s.base) * 60_000) / s.perMinute);
}

/**
 * The drops' sale rules and schedules, kept DROP_VIEW_TTL_MS per instance (a rate change reaches all within it). Once
 * a drop's view is known, an ask after that time is answered the kept view while one read renews it in the
 * background, so no status or join waits on the database (in a rush its connections are the orders'); only the first
 * ask of a drop, or one after a failed read, waits for its read.
 */
export function createDropViews(
  deps: { db: Executor; now: () => number },
  svc: { saleOf: SaleOf; repo: QueueRepository },
) {
  const kept = new Map<string, { at: number; view: Promise<DropView>; renewing?: boolean }>();
  /** When each drop was last asked about: the live drops whose figures `gauges` reads. */
  const asked = new Map<string, { key: DropKey; at: number }>();

  async function read(key: DropKey): Promise<DropView> {
    const [sale, row] = await Promise.all([svc.saleOf(deps.db, key), svc.repo.get(deps.db, key.kind, key.id)]);
    const startMs = sale.saleStartsAt?.getTime() ?? 0;
    return {
      sale,
      schedule: scheduleOf(row),
      drop: { kind: key.kind, id: key.id, startMs },
      opensAt: startMs - QUEUE_OPENS_BEFORE_MS,
    };
  }

  return {
    /** The drop's view, from memory when fresh; an unknown item is the catalogue's 404 (never kept). */
    get(key: DropKey, opts: { touch?: boolean } = {}): Promise<DropView> {
      const name = `${key.kind}:${key.id}`;
      const now = deps.now();
      if (opts.touch !== false) asked.set(name, { key, at: now });
      const hit = kept.get(name);
      if (hit && (now - hit.at < DROP_VIEW_TTL_MS || hit.renewing)) return hit.view;
      const view = read(key);
      if (!hit) {
        kept.set(name, { at: now, view });
        view.catch(() => kept.get(name)?.view === view && kept.delete(name));
        return view;
      }
      // Stale: renewed once, in the background, while the kept view answers. A failed renewal forgets the drop, so
      // the next ask reads it again (and an item gone is the catalogue's 404 then).
      hit.renewing = true;
      view.then(
        (v) => kept.get(name) === hit && kept.set(name, { at: now, view: Promise.resolve(v) }),
        () => kept.get(name) === hit && kept.delete(name),
      );
      return hit.view;
    },
    /** Whether this instance has read the drop's view (a real drop: an unknown id is never kept). */
    knows: (key: DropKey): boolean => kept.has(`${key.kind}:${key.id}`),
    /** Forgets a drop's view (after this instance changed its rate). */
    forget(key: DropKey): void {
      kept.delete(`${key.kind}:${key.id}`);
    },
    /** The drops asked about within `sinceMs`. */
    recent(sinceMs: number): DropKey[] {
      const now = deps.now();
      const out: DropKey[] = [];
      for (const [name, a] of asked) {
        if (now - a.at <= sinceMs) out.push(a.key);
        else asked.delete(name);
      }
      return out;
    },
  };
}
export type DropViews = ReturnType<typeof createDropViews>;
