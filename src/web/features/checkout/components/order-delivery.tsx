import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { SHIPMENT_STATUS_LABELS } from '../../../../shared/schemas/delivery';
import { ConfirmReceiptButton } from '../../../components/confirm-receipt-button';
import { TrackingNumber } from '../../../components/tracking-number';
import { useLoad } from '../../../lib/use-load';
import { getGoodsShipment } from '../api/get-goods-shipment';

/**
 * The delivery of an order's goods: the shipment they are in (status, carrier's tracking number, 確認收貨 once
 * delivered), or how to request one. Only for goods the user still holds.
 */
export function OrderDelivery({ goodsId }: { goodsId: string }) {
  const navigate = useNavigate();
  const state = useLoad(() => getGoodsShipment(goodsId), [goodsId]);
  let body;
  if (state.status === 'loading') body = <p className="checkout-note">正在載入配送資料…</p>;
  else if (state.status === 'error')
    body = (
      <p className="checkout-note">
        未能載入配送資料。
        <button type="button" className="link-button" onClick={state.reload}>
          重試
        </button>
      </p>
    );
  else if (!state.data)
    body = (
      <>
        <p className="checkout-note">物品存放於寶庫倉庫，可隨時申請提貨。</p>
        <Button size="small" onClick={() => navigate('/my/entity')}>
          前往我的實物申請提貨
        </Button>
      </>
    );
  else {
    const s = state.data;
    body = (
      <>
        <p>
          提貨訂單 {s.shipmentNo}・{SHIPMENT_STATUS_LABELS[s.status]}
        </p>
        {s.carrier && s.trackingNumber ? (
          <TrackingNumber carrier={s.carrier} trackingNumber={s.trackingNumber} />
        ) : (
          <p className="checkout-note">發貨後會在此顯示物流公司及運單號碼。</p>
        )}
        {s.status === 'delivered' ? <ConfirmReceiptButton shipmentId={s.id} onDone={state.reload} /> : null}
        <Button size="small" fill="none" onClick={() => navigate(`/my/logistics?id=${encodeURIComponent(s.id)}`)}>
          查看物流詳情
        </Button>
      </>
    );
  }
  return (
    <section className="order-section" aria-labelledby="order-delivery-title">
      <h2 className="order-section-title" id="order-delivery-title">
        配送
      </h2>
      {body}
    </section>
  );
}
