import { Button, List, Steps } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { SHIPMENT_EVENT_LABELS } from '../../../shared/schemas/delivery';
import { EmptyState, ErrorState, LoadingState } from '../../components/state-views';
import { formatHkDateTime } from '../../../shared/hk-time';
import { useLoad } from '../../lib/use-load';
import { ConfirmReceiptButton } from '../../components/confirm-receipt-button';
import { TrackingNumber } from '../../components/tracking-number';
import { getShipment } from '../../api/get-shipment';
import { AddressText } from './components/address-text';
import { TitledSection } from './components/titled-section';
import { ShipmentStatusTag } from './components/shipment-status-tag';
import './delivery.css';

/** /my/logistics?id=: one shipment: status, carrier and tracking number, address, goods, and the timeline (Hong Kong time). */
export default function LogisticsScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('id') ?? '';
  const state = useLoad(() => getShipment(id), [id]);

  if (!id) {
    return (
      <EmptyState
        title="未指定提貨訂單"
        description="請從提貨訂單列表選擇一張訂單。"
        action={<Button onClick={() => navigate('/my/entity/order')}>查看提貨訂單</Button>}
      />
    );
  }
  if (state.status === 'loading') return <LoadingState label="正在載入物流資料…" />;
  if (state.status === 'error') {
    if (state.failure.code === 404) {
      return (
        <EmptyState
          title="找不到此提貨訂單"
          description="請從提貨訂單列表重新選擇。"
          action={<Button onClick={() => navigate('/my/entity/order')}>查看提貨訂單</Button>}
        />
      );
    }
    return <ErrorState title="未能載入物流資料" onRetry={state.reload} />;
  }
  const s = state.data;
  const events = [...s.events].reverse();
  return (
    <>
      <section className="section shipment-head" aria-label="物流狀態">
        <p>
          <ShipmentStatusTag status={s.status} /> 提貨訂單 {s.shipmentNo}
        </p>
        {s.carrier && s.trackingNumber ? (
          <TrackingNumber carrier={s.carrier} trackingNumber={s.trackingNumber} />
        ) : (
          <p className="goods-meta">
            {s.status === 'cancelled' ? '此提貨訂單已取消，物品已退回存放。' : '發貨後會在此顯示物流公司及運單號碼。'}
          </p>
        )}
        {s.status === 'delivered' ? (
          <>
            <p className="goods-meta">收到物品後請確認收貨；送達 7 日後會自動確認。</p>
            <ConfirmReceiptButton shipmentId={s.id} onDone={state.reload} />
          </>
        ) : null}
      </section>
      <TitledSection id="timeline-title" title="物流進度">
        <Steps direction="vertical">
          {events.map((e, i) => (
            <Steps.Step
              key={`${e.kind}-${e.at}-${i}`}
              status={e.kind === 'cancelled' ? 'error' : 'finish'}
              title={SHIPMENT_EVENT_LABELS[e.kind]}
              description={
                <>
                  <time className="timeline-time" dateTime={e.at}>
                    {formatHkDateTime(e.at)}
                  </time>
                  {e.note ? <span className="timeline-note">・{e.note}</span> : null}
                </>
              }
            />
          ))}
        </Steps>
      </TitledSection>
      <TitledSection id="ship-to-title" title="收貨地址">
        <AddressText address={s.address} />
      </TitledSection>
      <TitledSection id="ship-goods-title" title={<>物品（{s.items.length} 件）</>}>
        <List>
          {s.items.map((i) => (
            <List.Item
              key={i.goodsId}
              prefix={i.image ? <img className="goods-thumb" src={i.image} alt="" /> : undefined}
            >
              {i.name}
            </List.Item>
          ))}
        </List>
      </TitledSection>
    </>
  );
}
