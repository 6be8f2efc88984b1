import { z } from 'zod';
import { PageQuerySchema } from '../envelope';
import { PriceSchema } from './market-requests';

/** Price alerts (issue 23, docs/decisions/039-price-alerts.md): a user's line on an item's asks or bids. */

export const ALERT_SIDES = ['ask', 'bid'] as const;
export type AlertSide = (typeof ALERT_SIDES)[number];
export const ALERT_OPS = ['below', 'above'] as const;
export type AlertOp = (typeof ALERT_OPS)[number];

export const ALERT_SIDE_LABELS: Record<AlertSide, string> = { ask: '賣單價', bid: '求購價' };
export const ALERT_OP_LABELS: Record<AlertOp, string> = { below: '低於或等於', above: '高於或等於' };

/** At most this many alerts per user. */
export const ALERT_LIMIT = 50;
export const ALERT_FULL_MESSAGE = `價格提醒已達上限（最多 ${ALERT_LIMIT} 個），請先刪除部分提醒`;
/** An alert that fired re-arms once the best price is back this far past its line (5 %). */
export const ALERT_REARM_RATE = 0.05;

const itemId = (label: string) =>
  z
    .string({ error: `請選擇${label}` })
    .trim()
    .min(1, `請選擇${label}`)
    .max(64, `找不到此${label}`);

/** `alert/create`: one card info or one product, a side, a direction and a price in cents. */
export const CreateAlertBodySchema = z
  .strictObject({
    cardInfoId: itemId('卡牌').optional(),
    productId: itemId('商品').optional(),
    side: z.enum(ALERT_SIDES, { error: '「類別」只可為 ask（賣單）或 bid（求購）' }),
    op: z.enum(ALERT_OPS, { error: '「條件」只可為 below（低於）或 above（高於）' }),
    price: PriceSchema,
  })
  .refine((b) => (b.cardInfoId === undefined) !== (b.productId === undefined), {
    message: '請選擇一張卡牌或一件商品',
  });
export type CreateAlertBody = z.input<typeof CreateAlertBodySchema>;

/** `alert/delete`. */
export const DeleteAlertBodySchema = z.strictObject({
  id: z.string({ error: '請指定提醒' }).trim().min(1, '請指定提醒').max(64, '找不到此提醒'),
});

/** `alert/list`: the caller's alerts, newest first. */
export const AlertListQuerySchema = PageQuerySchema;

export const AlertSchema = z.object({
  id: z.string(),
  itemKind: z.enum(['card', 'goods']),
  /** The card info (card) or product (goods). */
  itemId: z.string(),
  /** Null when the item no longer exists. */
  name: z.string().nullable(),
  image: z.string().nullable(),
  side: z.enum(ALERT_SIDES),
  op: z.enum(ALERT_OPS),
  price: z.number().int(),
  /** False once it fired, until the best price moves back 5 % past the line. */
  armed: z.boolean(),
  lastFiredAt: z.iso.datetime().nullable(),
  lastFiredPrice: z.number().int().nullable(),
  /** The lowest open ask (side ask) or highest open bid (side bid) now; null when none is open. */
  bestPrice: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
});
export type Alert = z.infer<typeof AlertSchema>;

export const AlertPageSchema = z.object({ list: z.array(AlertSchema), total: z.number().int() });
export type AlertPage = z.infer<typeof AlertPageSchema>;

export const DeletedAlertSchema = z.object({ id: z.string(), deleted: z.boolean() });
