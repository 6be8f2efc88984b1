import { z } from 'zod';
import { PageQuerySchema } from '../envelope';
import { AddressIdSchema, AddressSnapshotSchema } from './addresses';

/** `returned`: an operator's refund took the unit back to the platform's stock (decision 050). */
export const GOODS_STATUSES = ['held', 'listed', 'reserved', 'delivering', 'delivered', 'returned'] as const;
export type GoodsStatus = (typeof GOODS_STATUSES)[number];
export const GOODS_STATUS_LABELS: Record<GoodsStatus, string> = {
  held: '存放中',
  listed: '寄售中',
  reserved: '交易中',
  delivering: '提貨中',
  delivered: '已送達',
  returned: '已退款收回',
};

/** `received`: the owner confirmed receipt (確認收貨), or 7 days after `delivered` the system did; final. */
export const SHIPMENT_STATUSES = ['pending', 'packed', 'shipped', 'delivered', 'received', 'cancelled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  pending: '待處理',
  packed: '已打包',
  shipped: '已發貨',
  delivered: '已送達',
  received: '已確認收貨',
  cancelled: '已取消',
};

/** A delivered shipment the owner has not confirmed is confirmed by the system after this (確認收貨). */
export const AUTO_RECEIVE_AFTER_MS = 7 * 24 * 3600_000;

/**
 * The carriers the back office offers when shipping, with each one's public tracking page. The carrier is stored as
 * its name (older shipments may hold any text: those get no link, only the copyable number).
 */
export const CARRIERS = [
  { name: '順豐速運', track: 'https://htm.sf-express.com/hk/tc/dynamic_function/waybill/#search/bill-number/' },
  { name: '香港郵政', track: 'https://www.hongkongpost.hk/tc/mail_tracking/index.html?trackcode=' },
  { name: '嘉里快遞', track: 'https://hk.kerryexpress.com/track?track=' },
  { name: 'DHL', track: 'https://www.dhl.com/hk-zh/home/tracking.html?tracking-id=' },
] as const;

/** The carrier's public tracking page for this number, or null for a carrier not in the list. */
export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  const c = CARRIERS.find((x) => x.name === carrier?.trim());
  return c && trackingNumber ? `${c.track}${encodeURIComponent(trackingNumber)}` : null;
}

/** Most goods one delivery request may take. */
export const MAX_GOODS_PER_SHIPMENT = 50;

const goodsId = z.string({ error: '請選擇物品' }).trim().min(1, '請選擇物品').max(64, '找不到此物品');

/** `goods/list?type=`: 0 = other goods (其他), 1 = physical goods (實物); optionally one status. */
export const GoodsListQuerySchema = PageQuerySchema.extend({
  type: z
    .enum(['0', '1'], {
      error: (iss) => (iss.input === undefined ? '請選擇「類型」' : '「類型」只可以是 0（其他）或 1（實物）'),
    })
    .transform((v) => (v === '1' ? 1 : 0)),
  status: z
    .enum(GOODS_STATUSES, { error: '「狀態」只可以是 held、listed、reserved、delivering、delivered 或 returned' })
    .optional(),
});
export type GoodsListQuery = z.input<typeof GoodsListQuerySchema>;

export const GoodsIdQuerySchema = z.object({ id: goodsId });

/** One goods unit the user owns. */
export const GoodsSchema = z.object({
  id: z.string(),
  productId: z.string(),
  name: z.string(),
  image: z.string(),
  /** 1 = physical (實物), 0 = other (其他). */
  type: z.union([z.literal(0), z.literal(1)]),
  status: z.enum(GOODS_STATUSES),
  acquiredAt: z.iso.datetime(),
});
export type Goods = z.infer<typeof GoodsSchema>;

export const GOODS_EVENT_KINDS = [
  'created',
  'transferred',
  'delivery_requested',
  'delivery_cancelled',
  'delivered',
  'returned',
] as const;

/** `goods/detail`: the unit, its product's description and its history (with the shipment behind each delivery step). */
export const GoodsDetailSchema = GoodsSchema.extend({
  description: z.string(),
  images: z.array(z.string()),
  /** The shipment it is in while delivering or once delivered. */
  shipmentId: z.string().nullable(),
  events: z.array(
    z.object({ kind: z.enum(GOODS_EVENT_KINDS), at: z.iso.datetime(), shipmentId: z.string().nullable() }),
  ),
});
export type GoodsDetail = z.infer<typeof GoodsDetailSchema>;

/** `goods/delivery`: the held physical goods to ship together, to one of the user's addresses. */
export const DeliveryBodySchema = z.strictObject({
  goodsIds: z
    .array(goodsId, { error: '請選擇要提貨的物品' })
    .min(1, '請選擇要提貨的物品')
    .max(MAX_GOODS_PER_SHIPMENT, `每次最多提貨 ${MAX_GOODS_PER_SHIPMENT} 件`)
    .refine((ids) => new Set(ids).size === ids.length, '同一物品不能重複選擇'),
  addressId: AddressIdSchema,
});
export type DeliveryBody = z.input<typeof DeliveryBodySchema>;

export const ShipmentIdSchema = z
  .string({ error: '請指定提貨訂單' })
  .trim()
  .min(1, '請指定提貨訂單')
  .max(64, '找不到此提貨訂單');
export const ShipmentIdQuerySchema = z.object({ id: ShipmentIdSchema });

export const ShipmentItemSchema = z.object({
  goodsId: z.string(),
  productId: z.string(),
  name: z.string(),
  image: z.string(),
});

export const SHIPMENT_EVENT_KINDS = ['created', 'packed', 'shipped', 'delivered', 'received', 'cancelled'] as const;
export type ShipmentEventKind = (typeof SHIPMENT_EVENT_KINDS)[number];
export const SHIPMENT_EVENT_LABELS: Record<ShipmentEventKind, string> = {
  created: '已申請提貨',
  packed: '已打包，等待發貨',
  shipped: '已交付物流',
  delivered: '已送達',
  received: '已確認收貨',
  cancelled: '已取消，物品已退回存放',
};

/** One step of a shipment's timeline; `note` carries the carrier and tracking number, or why it was cancelled. */
export const ShipmentEventSchema = z.object({
  kind: z.enum(SHIPMENT_EVENT_KINDS),
  note: z.string(),
  at: z.iso.datetime(),
});
export type ShipmentEvent = z.infer<typeof ShipmentEventSchema>;

/** A shipment as its owner sees it (`logistic/list`, `logistic/detail`, `goods/delivery`). */
export const ShipmentSchema = z.object({
  id: z.string(),
  /** Readable number: SH + yymmdd + 8 characters. */
  shipmentNo: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  address: AddressSnapshotSchema,
  items: z.array(ShipmentItemSchema),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** Oldest first. */
  events: z.array(ShipmentEventSchema),
});
export type Shipment = z.infer<typeof ShipmentSchema>;

export const ShipmentListQuerySchema = PageQuerySchema;

/* ---- Operators (/api/admin/shipments…) ---- */

export const AdminShipmentListQuerySchema = PageQuerySchema.extend({
  status: z
    .enum(SHIPMENT_STATUSES, { error: '「狀態」只可以是 pending、packed、shipped、delivered、received 或 cancelled' })
    .optional(),
});

/** A shipment as operators see it: also whose it is. */
export const AdminShipmentSchema = ShipmentSchema.extend({ userId: z.string() });
export type AdminShipment = z.infer<typeof AdminShipmentSchema>;

export const ShipmentIdBodySchema = z.strictObject({ id: ShipmentIdSchema });

export const ShipBodySchema = z.strictObject({
  id: ShipmentIdSchema,
  carrier: z.string({ error: '請填寫物流公司' }).trim().min(1, '請填寫物流公司').max(40, '物流公司最多 40 個字'),
  trackingNumber: z
    .string({ error: '請填寫運單號碼' })
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, '運單號碼只可包含英文字母、數字及連字號（4 至 40 個字元）'),
});

export const CancelShipmentBodySchema = z.strictObject({
  id: ShipmentIdSchema,
  reason: z.string({ error: '取消原因格式不正確' }).trim().max(200, '取消原因最多 200 個字').optional(),
});
