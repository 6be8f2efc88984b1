import { z } from 'zod';
import { PAY_ORDER_STATUSES } from './pay-orders';

/** Back office (PRODUCT.md §8): the dashboard. Days are Hong Kong calendar days (UTC+8, no daylight saving). */

export const DashboardQuerySchema = z.object({
  days: z.coerce
    .number({ error: '「日數」必須是 1 至 90 的整數' })
    .int('「日數」必須是 1 至 90 的整數')
    .min(1, '「日數」最少為 1')
    .max(90, '「日數」最多為 90')
    .default(30),
});
export type DashboardQuery = z.input<typeof DashboardQuerySchema>;

/** A card info or product sold in the mall, with its sale window and its size (the live drop view's too). */
export const dropFields = {
  kind: z.enum(['card', 'product']),
  id: z.string(),
  name: z.string(),
  saleStartsAt: z.string(),
  saleEndsAt: z.string().nullable(),
  total: z.number().int(),
};

export const DashboardSchema = z.object({
  /**
   * One row per day, oldest first, every day present. `sales`: completed trades with money, whatever their way (the
   * sale record, decision 049: a mall order, a pack, a listing bought, a bid filled, an offer accepted, each card of a
   * set completed; escrow put aside is not a sale); `gmv`: what their buyers paid, less refunds; `fees`: their market
   * fees; all in cents.
   */
  daily: z.array(
    z.object({ date: z.string(), sales: z.number().int(), gmv: z.number().int(), fees: z.number().int() }),
  ),
  /** Pay orders created in the period, by status (every status present). */
  ordersByStatus: z.record(z.enum(PAY_ORDER_STATUSES), z.number().int()),
  newUsers: z.array(z.object({ date: z.string(), count: z.number().int() })),
  /** Card infos and products on sale in the period, latest sale start first. */
  drops: z.array(
    z.object({
      ...dropFields,
      sold: z.number().int(),
      /** sold / total, 0..1. */
      sellThrough: z.number(),
    }),
  ),
  /** Work waiting for operators: shipments pending or packed, withdrawals pending. */
  queues: z.object({ shipments: z.number().int(), withdrawals: z.number().int() }),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
