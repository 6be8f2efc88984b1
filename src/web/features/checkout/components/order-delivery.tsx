import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { SHIPMENT_STATUS_LABELS, type Shipment } from '../../../../shared/schemas/delivery';
import { ConfirmReceiptButton } from '../../../components/confirm-receipt-button';
import { TrackingNumber } from '../../../components/tracking-number';
import { isFailure } from '../../../lib/request';
import { useLoad } from '../../../lib/use-load';
import { getGoodsShipment } from '../api/get-goods-shipment';
import { OrderSection } from './order-parts';

/** The shipments the goods are in (each once, in the goods' order) and how many are still in the warehouse. */
export function groupDeliveries(found: (Shipment | null)[]): { shipments: Shipment[]; waiting: number } {
  const byId = new Map<string, Shipment>();
  let waiting = 0;
  for (const s of found) {
    if (!s) waiting += 1;
    else if (!byId.has(s.id)) byId.set(s.id, s);
  }
  return { shipments: [...byId.values()], waiting };
}

function ShipmentBody({ s, onConfirmed }: { s: Shipment; onConfirmed: (s: Shipment) => void }) {
  const navigate = useNavigate();
  return (
    <>
      <p>
        提貨訂單 {s.shipmentNo}・{SHIPMENT_STATUS_LABELS[s.status]}
      </p>
      {s.carrier && s.trackingNumber ? (
        <TrackingNumber carrier={s.carrier} trackingNumber={s.trackingNumber} />
      ) : (
        <p className="checkout-note">發貨後會在此顯示物流公司及運單號碼。</p>
      )}
      {s.status === 'delivered' ? <ConfirmReceiptButton shipmentId={s.id} onDone={onConfirmed} /> : null}
      <Button size="small" fill="none" onClick={() => navigate(`/my/logistics?id=${encodeURIComponent(s.id)}`)}>
        查看物流詳情
      </Button>
    </>
  );
}

/**
 * The delivery of an order's goods: one block per shipment they are in, with its one state and its one 確認收貨
 * (goods sent together share them: issue 44), and one for goods still in the warehouse, with how to request them.
 * Only for goods the user still holds.
 */
export function OrderDeliveries({ goodsIds }: { goodsIds: string[] }) {
  const navigate = useNavigate();
  const state = useLoad(async () => {
    const found = await Promise.all(goodsIds.map((id) => getGoodsShipment(id)));
    return found.find(isFailure) ?? groupDeliveries(found as (Shipment | null)[]);
  }, [goodsIds.join(',')]);
  // A shipment as 確認收貨 answered it: the block shows its new state at once, without asking again.
  const [answered, setAnswered] = useState<Record<string, Shipment>>({});
  if (state.status === 'loading')
    return (
      <OrderSection title="配送">
        <p className="checkout-note">正在載入配送資料…</p>
      </OrderSection>
    );
  if (state.status === 'error')
    return (
      <OrderSection title="配送">
        <p className="checkout-note">
          未能載入配送資料。
          <button type="button" className="link-button" onClick={state.reload}>
            重試
          </button>
        </p>
      </OrderSection>
    );
  const { shipments, waiting } = state.data;
  const several = shipments.length + (waiting > 0 ? 1 : 0) > 1;
  return (
    <>
      {shipments.map((found) => {
        const s = answered[found.id] ?? found;
        return (
          <OrderSection key={s.id} title={several ? `配送（提貨訂單 ${s.shipmentNo}）` : '配送'}>
            <ShipmentBody s={s} onConfirmed={(next) => setAnswered((a) => ({ ...a, [next.id]: next }))} />
          </OrderSection>
        );
      })}
      {waiting > 0 ? (
        <OrderSection title={several ? '配送（未申請提貨）' : '配送'}>
          <p className="checkout-note">{several ? `${waiting} 件物品` : '物品'}存放於寶庫倉庫，可隨時申請提貨。</p>
          <Button size="small" onClick={() => navigate('/my/entity')}>
            前往我的實物申請提貨
          </Button>
        </OrderSection>
      ) : null}
    </>
  );
}

/** The delivery of one goods unit (a market purchase). */
export function OrderDelivery({ goodsId }: { goodsId: string }) {
  return <OrderDeliveries goodsIds={[goodsId]} />;
}
