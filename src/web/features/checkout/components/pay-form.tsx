import { useState } from 'react';
import { Button, Dialog, List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { formatHkd } from '../../../../shared/money';
import { MAX_ORDER_QUANTITY, type PayOrder } from '../../../../shared/schemas/pay-orders';
import { QuantityStepper } from '../../../components/quantity-stepper';
import { EmptyState, ErrorState, LoadingState } from '../../../components/state-views';
import { formatMinutesLeft } from '../../../lib/hk-time';
import { isFailure } from '../../../lib/request';
import { useRemaining } from '../../../lib/use-clock';
import { useLoad } from '../../../lib/use-load';
import { cancelPayOrder } from '../api/cancel-pay-order';
import { createPayOrder, newIdempotencyKey } from '../api/create-pay-order';
import { getPaymentMethods } from '../api/get-payment-methods';
import { getSaleItem, type SaleItem, type SaleKind } from '../api/get-sale-item';
import { listPayOrders } from '../api/list-pay-orders';

/** Opens the provider's checkout (the sandbox page or Stripe). */
export const openPayUrl = (url: string) => window.location.assign(url);

function PendingOrder({ order, onChanged }: { order: PayOrder; onChanged: () => void }) {
  const remaining = useRemaining(order.expiresAt);
  const navigate = useNavigate();
  const onCancel = async () => {
    const sure = await Dialog.confirm({ content: '確定取消這張訂單？預留的數量會即時釋出。', confirmText: '取消訂單', cancelText: '保留' });
    if (!sure) return;
    const res = await cancelPayOrder(order.orderNo);
    if (!isFailure(res)) onChanged();
  };
  return (
    <section className="checkout-pending" aria-labelledby="pending-title">
      <h2 id="pending-title">你有一張待付款訂單</h2>
      <p>
        {order.itemName} × {order.quantity}，合共 <strong>{formatHkd(order.amount)}</strong>
      </p>
      <p className="checkout-countdown" role="timer" aria-live="off">
        {remaining > 0 ? <>請於 <strong>{formatMinutesLeft(remaining)}</strong> 內完成付款，逾時訂單會自動取消</> : '訂單已逾時'}
      </p>
      <div className="checkout-actions">
        {order.payUrl && remaining > 0 && (
          <Button block color="primary" size="large" onClick={() => openPayUrl(order.payUrl!)}>
            立即付款
          </Button>
        )}
        <Button block size="large" onClick={() => navigate(`${order.type === 'product' ? '/mall/goodsInfo' : '/mall/info'}?orderNo=${order.orderNo}`)}>
          查看訂單狀態
        </Button>
        <Button block size="large" color="danger" fill="outline" onClick={onCancel}>
          取消訂單
        </Button>
      </div>
    </section>
  );
}

function OrderForm({ item, method, onOrdered }: { item: SaleItem; method: string; onOrdered: (o: PayOrder) => void }) {
  const max = Math.max(1, Math.min(item.perUserLimit, item.left, MAX_ORDER_QUANTITY));
  const [quantity, setQuantity] = useState(1);
  const [submitting, setSubmitting] = useState(false);
  const unit = item.kind === 'card' ? '張' : '件';
  const buyable = item.saleState === 'on_sale' && item.priceCents !== null && item.left > 0;

  const onSubmit = async () => {
    setSubmitting(true);
    const body = item.kind === 'card' ? { type: 'card' as const, cardInfoId: item.id, quantity } : { type: 'product' as const, productId: item.id, quantity };
    const order = await createPayOrder(body, newIdempotencyKey());
    setSubmitting(false);
    if (isFailure(order)) return;
    onOrdered(order);
    if (order.payUrl) openPayUrl(order.payUrl);
  };

  return (
    <>
      <List header="購買數量">
        <List.Item
          description={`每人限購 ${item.perUserLimit} ${unit}，尚餘 ${item.left} ${unit}`}
          extra={<QuantityStepper min={1} max={max} value={quantity} onChange={(v) => setQuantity(v)} disabled={!buyable} label="購買數量" />}
        >
          數量
        </List.Item>
        <List.Item extra={item.priceCents === null ? '—' : formatHkd(item.priceCents)}>單價</List.Item>
        <List.Item extra={method}>付款方式</List.Item>
        <List.Item extra={<strong className="checkout-total">{item.priceCents === null ? '—' : formatHkd(item.priceCents * quantity)}</strong>}>合共（港幣）</List.Item>
      </List>
      <p className="checkout-note">確認後會為你預留 15 分鐘，請於時限內完成付款。</p>
      <div className="checkout-actions">
        <Button block color="primary" size="large" loading={submitting} disabled={!buyable || submitting} onClick={onSubmit}>
          {buyable ? '確認付款' : item.saleState === 'upcoming' ? '尚未開售' : item.left <= 0 ? '已售罄' : '暫不發售'}
        </Button>
      </div>
    </>
  );
}

/** /mall/pay and /mall/goodsPay: quantity, total, payment method; or the pending order with its countdown. */
export function PayForm({ kind, id }: { kind: SaleKind; id: string | null }) {
  const state = useLoad(async () => {
    if (!id) return { item: null, method: '', pending: null };
    const [item, methods, pending] = await Promise.all([getSaleItem(kind, id), getPaymentMethods(), listPayOrders({ type: kind, status: 'pending', itemId: id, pageSize: 1 })]);
    if (isFailure(item)) return item;
    if (isFailure(methods)) return methods;
    return { item, method: methods[0]?.label ?? '', pending: isFailure(pending) ? null : (pending[0] ?? null) };
  }, [kind, id]);
  const [created, setCreated] = useState<PayOrder | null>(null);

  if (state.status === 'loading') return <LoadingState />;
  if (state.status === 'error') return <ErrorState onRetry={state.reload} />;
  const { item, method, pending } = state.data;
  if (!item) return <EmptyState title="未選擇商品" description="請先在商城選擇要購買的卡牌或商品。" />;
  const order = created ?? pending;
  return (
    <div className="checkout">
      <section className="checkout-item" aria-label="購買項目">
        {item.image && <img src={item.image} alt="" width={72} height={96} />}
        <div>
          <h2 className="checkout-item-name">{item.name}</h2>
          <p className="checkout-item-sub">{item.subtitle}</p>
        </div>
      </section>
      {order && order.status === 'pending' ? (
        <PendingOrder
          order={order}
          onChanged={() => {
            setCreated(null);
            state.reload();
          }}
        />
      ) : (
        <OrderForm item={item} method={method} onOrdered={setCreated} />
      )}
    </div>
  );
}
