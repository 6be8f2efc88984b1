import type { Shipment } from '../../../../shared/schemas/delivery';
import { getGoods } from '../../../api/get-goods';
import { getShipment } from '../../../api/get-shipment';
import { isFailure, type Failure } from '../../../lib/request';

/**
 * The shipment a goods unit of the user is in (goods/detail, then logistic/detail): null when it was never sent, or
 * is no longer the user's (sold on since). No toast: the order screen shows what it finds.
 */
export async function getGoodsShipment(goodsId: string): Promise<Shipment | null | Failure> {
  const goods = await getGoods(goodsId, { quiet: true });
  if (isFailure(goods)) return goods.code === 404 ? null : goods;
  if (!goods.shipmentId) return null;
  return getShipment(goods.shipmentId, { quiet: true });
}
