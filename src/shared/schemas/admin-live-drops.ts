import { z } from 'zod';
import { dropFields } from './admin-dashboard';

/** Back office (issue 25): the live drop view (docs/decisions/045-metrics.md). Amounts are units, not money. */

/** A drop on sale now: a card info or a product, with what is left of it (neither sold nor held by a pending order). */
export const LiveDropSchema = z.object({ ...dropFields, left: z.number().int() });
export type LiveDrop = z.infer<typeof LiveDropSchema>;

export const LIVE_DROP_MINUTES_MAX = 180;

export const LiveDropQuerySchema = z.object({
  kind: z.enum(['card', 'product'], { message: '「類別」只可以是 card 或 product' }),
  id: z.string().trim().min(1, '請填寫「編號」').max(64, '「編號」最多 64 個字'),
  minutes: z.coerce
    .number({ error: `「分鐘」必須是 5 至 ${LIVE_DROP_MINUTES_MAX} 的整數` })
    .int(`「分鐘」必須是 5 至 ${LIVE_DROP_MINUTES_MAX} 的整數`)
    .min(5, '「分鐘」最少為 5')
    .max(LIVE_DROP_MINUTES_MAX, `「分鐘」最多為 ${LIVE_DROP_MINUTES_MAX}`)
    .default(30),
});
export type LiveDropQuery = z.input<typeof LiveDropQuerySchema>;

/** The waiting room of a drop, when one runs (the queue module): who waits, and who was let in in the last minute. */
export const DropQueueSchema = z.object({ waiting: z.number().int(), admittedPerMinute: z.number() });
export type DropQueue = z.infer<typeof DropQueueSchema>;

export const LiveDropSeriesSchema = z.object({
  drop: LiveDropSchema,
  /** When the figures were read (UTC). */
  at: z.string(),
  /** Null: this drop has no waiting room, or none is running in this deployment. */
  queue: DropQueueSchema.nullable(),
  /**
   * One row per minute, oldest first, every minute present, the current one last: units ordered (pending or paid
   * orders created in it), units paid (by payment time), and the units left at its end as they stand now (what is
   * left now plus what was taken after it; an order that expired since gave its units back).
   */
  minutes: z.array(
    z.object({ at: z.string(), ordered: z.number().int(), paid: z.number().int(), left: z.number().int() }),
  ),
});
export type LiveDropSeries = z.infer<typeof LiveDropSeriesSchema>;
