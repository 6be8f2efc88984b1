import { z } from 'zod';
import { PageQuerySchema } from '../envelope';
import { ITEM_KINDS, LISTING_STATUSES } from './market';
import { ListingSaleSchema } from './market-desk';

/** Back office (PRODUCT.md §8): market listings and take-downs. Shared with the admin web app's forms. */

export const AdminListingListQuerySchema = PageQuerySchema.extend({
  status: z.enum(LISTING_STATUSES, { error: '狀態不正確' }).optional(),
  kind: z.enum(ITEM_KINDS, { error: '「類別」只可為 card 或 goods' }).optional(),
  /** 0 = sell listings, 1 = buy listings; absent = both. */
  sellType: z.enum(['0', '1'], { error: '「掛單類型」只可以是 0（出售）或 1（求購）' }).transform(Number).optional(),
  /** Part of the item name, or a listing id. */
  q: z.string().trim().max(64, '搜尋字詞最多 64 個字').optional(),
});
export type AdminListingListQuery = z.input<typeof AdminListingListQuerySchema>;

export const AdminListingSchema = z.object({
  id: z.string(),
  sellType: z.union([z.literal(0), z.literal(1)]),
  kind: z.enum(ITEM_KINDS),
  status: z.enum(LISTING_STATUSES),
  price: z.number().int(),
  itemId: z.string().nullable(),
  cardInfoId: z.string().nullable(),
  productId: z.string().nullable(),
  itemName: z.string(),
  itemImage: z.string(),
  serialLabel: z.string().nullable(),
  /** The seller (sell) or the bidder (buy). */
  user: z.object({ id: z.string(), nickname: z.string(), phoneMasked: z.string() }),
  /** The buyer's pending pay order while reserved. */
  reservedOrderNo: z.string().nullable(),
  takedownReason: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  /** The sales that sold or filled it (decision 049), whatever their way, oldest first. */
  sales: z.array(ListingSaleSchema),
});
export type AdminListing = z.infer<typeof AdminListingSchema>;

export const AdminTakeDownBodySchema = z.strictObject({
  id: z.string({ error: '請指定掛單' }).trim().min(1, '請指定掛單').max(64, '找不到此掛單'),
  /** Shown to the seller in their listings. */
  reason: z.string({ error: '請填寫下架原因' }).trim().min(2, '下架原因最少 2 個字').max(200, '下架原因最多 200 個字'),
});
