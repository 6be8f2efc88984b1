import { z } from 'zod';

/**
 * The waiting room of hot drops (issue 25, docs/decisions/044-waiting-room.md): who joins, where they stand, the
 * admission that lets them buy, and the fairness report afterwards.
 */

/**
 * The kinds of drop a queue can be for: card infos, products and mystery packs. Each kind's module tells the queue
 * its sale rules (`queue.registerDrop`) and checks the admission in its order type's `admit` (the queue itself is
 * keyed by {kind, id} and knows nothing else of the item).
 */
export const DROP_KINDS = ['card', 'product', 'pack'] as const;
export type DropKind = (typeof DROP_KINDS)[number];

/** How long before the sale starts the waiting room opens; everyone who joins in it gets a shuffled place. */
export const QUEUE_OPENS_BEFORE_MS = 10 * 60_000;
/** How long an admission lasts once given: its token expires then, bought or not. */
export const ADMISSION_WINDOW_MS = 10 * 60_000;
/** Buyers admitted per minute when the operator set nothing. */
export const DEFAULT_ADMIT_PER_MINUTE = 120;
export const ADMIT_PER_MINUTE_MAX = 100_000;

/** The header `payOrder/create` reads a hot drop's admission token from. */
export const ADMISSION_HEADER = 'x-admission-token';

const kind = z.enum(DROP_KINDS, { error: '「類別」只可為 card、product 或 pack' });
const id = z.string({ error: '請指定商品' }).trim().min(1, '請指定商品').max(64, '找不到此商品');

/** `queue/join` (body) and `queue/status`, `queue/report` (query): one drop. */
export const DropKeySchema = z.strictObject({ kind, id });
export type DropKey = z.infer<typeof DropKeySchema>;

export const QUEUE_PHASES = [
  /** The room is not open yet (more than 10 minutes before the start). */
  'closed',
  /** Open and the caller is not in it. */
  'open',
  /** In the queue before the start: the place is drawn at the start. */
  'waiting_start',
  /** In the queue after the start, not admitted yet. */
  'waiting',
  /** Admitted: `token` buys. */
  'admitted',
  /** Admitted and ordered with it (one order per admission). */
  'used',
  /** Admitted, but the admission window passed. */
  'expired',
  /** Sold out or the sale ended before the caller's turn (or before they joined). */
  'ended',
] as const;
export type QueuePhase = (typeof QUEUE_PHASES)[number];

export const QueueStatusSchema = z.object({
  kind: z.enum(DROP_KINDS),
  id: z.string(),
  phase: z.enum(QUEUE_PHASES),
  /** When the room opens and when the sale (and the admissions) start. */
  opensAt: z.iso.datetime(),
  startsAt: z.iso.datetime(),
  /** The server's clock when it answered: the screen counts from it, not from the phone's clock. */
  serverTime: z.iso.datetime(),
  /** 1 = next to be admitted; null before the start (not drawn yet) and when not queuing. */
  position: z.number().int().nullable(),
  /**
   * Estimated seconds until admission at the current rate; before the start (waiting_start), until `askAt`, about the
   * buyer's turn. Null when not queuing.
   */
  etaSeconds: z.number().int().nullable(),
  /** Admissions per minute, and how many have been admitted when it answered (the screen moves the line with them). */
  perMinute: z.number().int(),
  admitted: z.number().int(),
  /** Everyone in the queue. */
  joined: z.number().int(),
  /** The admission token (phase `admitted`), sent with payOrder/create in the X-Admission-Token header. */
  token: z.string().nullable(),
  /** When the admission (and its token) expires. */
  admittedUntil: z.iso.datetime().nullable(),
  /**
   * Phase `waiting_start`: when to ask for the drawn place, about this buyer's turn (estimated from their draw and
   * how many joined, never after it), so the crowd asks in its drawn order at the admission rate, not at one
   * instant; the stream's turn event still calls each admitted buyer at once. Null otherwise.
   */
  askAt: z.iso.datetime().nullable(),
});
export type QueueStatus = z.infer<typeof QueueStatusSchema>;

/** The fairness report of a drop (public: counts only). */
export const QueueReportSchema = z.object({
  kind: z.enum(DROP_KINDS),
  id: z.string(),
  startsAt: z.iso.datetime(),
  joinedBeforeStart: z.number().int(),
  joinedAfterStart: z.number().int(),
  /** Buyers who were given their admission. */
  admitted: z.number().int(),
  /** Buyers with a paid order made with an admission, and the units they bought. */
  buyers: z.number().int(),
  unitsSold: z.number().int(),
  /** Seconds from the start to the last unit taken; null while some are left. */
  sellOutSeconds: z.number().int().nullable(),
  perUserLimit: z.number().int(),
  /** The most any one buyer holds in paid and pending orders of the drop. */
  mostByOneBuyer: z.number().int(),
  /** mostByOneBuyer ≤ perUserLimit. */
  capsHeld: z.boolean(),
});
export type QueueReport = z.infer<typeof QueueReportSchema>;

/** The operator's view of a drop's queue: its rate and the report. */
export const AdminQueueSchema = z.object({
  perMinute: z.number().int(),
  /** True when the operator set the rate (false: the default). */
  custom: z.boolean(),
  report: QueueReportSchema,
});
export type AdminQueue = z.infer<typeof AdminQueueSchema>;

/** `admin/queue/rate`: the admission rate of one drop. */
export const AdminQueueRateSchema = z.strictObject({
  kind,
  id,
  perMinute: z
    .number({ error: '請填寫「每分鐘放行人數」' })
    .int('「每分鐘放行人數」必須是整數')
    .min(1, '「每分鐘放行人數」最少為 1')
    .max(ADMIT_PER_MINUTE_MAX, `「每分鐘放行人數」最多為 ${ADMIT_PER_MINUTE_MAX}`),
});
export type AdminQueueRate = z.infer<typeof AdminQueueRateSchema>;
