import type { GoodsDetail, Shipment } from '../../../../shared/schemas/delivery';
import { get, isFailure, type Failure } from '../../../lib/request';

/**
 * The shipment a goods unit of the user is in (GET goods/detail?id=, then logistic/detail?id=): null when it was
 * never sent, or is no longer the user's (sold on since). No toast: the order screen shows what it finds.
 */
export async function getGoodsShipment(goodsId: string): Promise<Shipment | null | Failure> {
  const goods = await get<GoodsDetail>('goods/detail', { id: goodsId }, { loading: false, quiet: true });
  if (isFailure(goods)) return goods.code === 404 ? null : goods;
  if (!goods.shipmentId) return null;
  return get<Shipment>('logistic/detail', { id: goods.shipmentId }, { loading: false, quiet: true });
}
