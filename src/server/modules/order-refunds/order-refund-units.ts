import type { AdminRefundUnit } from '../../../shared/schemas/admin-order-refunds';
import { CARD_STATUS_LABELS } from '../../../shared/schemas/collection';
import { GOODS_STATUS_LABELS } from '../../../shared/schemas/delivery';
import type { Executor, Tx } from '../../db/client';
import { conflict } from '../../errors';
import type { Operator } from '../auth/auth.service';
import type { CardsService } from '../cards/cards.service';
import type { GoodsService } from '../goods/goods.service';
import type { PayOrderRow } from '../pay-orders/pay-orders.service';
import type { SalesService } from '../sales/sales.service';
import type { ShipmentsService } from '../shipments/shipments.service';

export interface UnitServices {
  sales: Pick<SalesService, 'unitsOf'>;
  cards: Pick<CardsService, 'statesOf' | 'reclaim'>;
  goods: Pick<GoodsService, 'statesOf' | 'reclaim'>;
  shipments: Pick<ShipmentsService, 'ofGoods' | 'cancelIn'>;
}

/** A unit of the order with where it is now, and what taking it back would involve. */
export interface OrderUnit extends AdminRefundUnit {
  /** Goods whose delivery has not shipped: the shipment an operator's refund cancels first. */
  cancelShipment: string | null;
}

/** How each unit reached the buyer from the platform: a transfer since makes it `market` (decision 050). */
const FROM_PLATFORM = new Set(['drop', 'pack', 'purchase']);

/**
 * The order's units as they stand (decision 050): a unit goes back to the platform only while the buyer still holds
 * it and it never changed hands since the sale (a card held; goods stored, or in a delivery that has not shipped).
 * Anything sold on, listed, used for a set, shipped or delivered stays with its owner: only money can be refunded.
 */
export async function unitsOf(
  db: Executor,
  svc: UnitServices,
  order: PayOrderRow,
  saleId: string,
): Promise<OrderUnit[]> {
  const saleUnits = await svc.sales.unitsOf(db, [saleId]);
  const ids = saleUnits.map((u) => u.itemId);
  const isGoods = order.type === 'product';
  const f = order.fulfilment ?? {};
  const names = new Map<string, string>([
    ...(f.cards ?? []).map((c) => [c.id, c.name] as [string, string]),
    ...(f.goods ?? []).map((g) => [g.id, g.name] as [string, string]),
  ]);
  const [cards, goods, shipments] = isGoods
    ? [[], await svc.goods.statesOf(db, ids), await svc.shipments.ofGoods(db, ids)]
    : [await svc.cards.statesOf(db, ids), [], new Map()];
  const states = new Map<string, { ownerId: string; status: string; acquiredVia: string }>(
    [...cards, ...goods].map((s) => [s.id, s]),
  );
  return saleUnits.map((u): OrderUnit => {
    const s = states.get(u.itemId);
    const shipment = shipments.get(u.itemId);
    const unit = {
      itemId: u.itemId,
      kind: isGoods ? ('goods' as const) : ('card' as const),
      name: names.get(u.itemId) ?? order.itemName,
      serial: u.serial,
      editionSize: u.editionSize,
      share: u.cost,
      returned: u.returnedAt !== null,
      returnable: false,
      state: '',
      cancelShipment: null as string | null,
    };
    if (unit.returned) return { ...unit, state: '已退回平台' };
    if (!s || s.ownerId !== order.buyerId || !FROM_PLATFORM.has(s.acquiredVia))
      return { ...unit, state: '已轉讓給其他用戶' };
    if (s.status === 'held') return { ...unit, returnable: true, state: isGoods ? '存放中' : '由買家持有' };
    if (isGoods && s.status === 'delivering' && shipment && ['pending', 'packed'].includes(shipment.status))
      return { ...unit, returnable: true, state: '提貨處理中（退回會取消該提貨單）', cancelShipment: shipment.id };
    if (isGoods && s.status === 'delivering') return { ...unit, state: '已發貨' };
    if (s.status === 'consumed') return { ...unit, state: '已用於兌換卡冊' };
    const labels: Record<string, string> = isGoods ? GOODS_STATUS_LABELS : CARD_STATUS_LABELS;
    return { ...unit, state: labels[s.status] ?? s.status };
  });
}

/**
 * Takes the picked units back to the platform in the refund's transaction: a delivery not yet shipped is cancelled
 * first (its other goods are held again), then cards are consumed and goods returned to stock by their own services,
 * which refuse any unit that moved meanwhile. A unit not of the order, already returned or not returnable is a 409.
 */
export async function takeBack(
  tx: Tx,
  svc: UnitServices,
  operator: Operator,
  input: { order: PayOrderRow; units: OrderUnit[]; itemIds: string[]; refundId: string; reason: string },
): Promise<void> {
  if (input.itemIds.length === 0) return;
  const byId = new Map(input.units.map((u) => [u.itemId, u]));
  for (const id of input.itemIds) {
    const u = byId.get(id);
    if (!u) throw conflict('所選物品不屬於此訂單，請重新整理');
    const label = u.serial !== null ? `${u.name} #${u.serial}` : u.name;
    if (u.returned) throw conflict(`「${label}」已退回平台，不能再次退回`);
    if (!u.returnable) throw conflict(`「${label}」${u.state}，不能退回；只可退款`);
  }
  const picked = input.itemIds.map((id) => byId.get(id)!);
  const { order } = input;
  if (order.type !== 'product') {
    await svc.cards.reclaim(tx, { ownerId: order.buyerId, cardIds: input.itemIds, refId: input.refundId });
    return;
  }
  const shipments = new Set(picked.map((u) => u.cancelShipment).filter((id): id is string => id !== null));
  for (const id of shipments)
    await svc.shipments.cancelIn(tx, operator, { id, reason: `訂單 ${order.orderNo} 退款：${input.reason}` });
  await svc.goods.reclaim(tx, { ownerId: order.buyerId, ids: input.itemIds, refId: input.refundId });
}
