import { useEffect, useState } from 'react';
import { Button, List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { formatHkd } from '../../../../shared/money';
import { payOrderReturnPath } from '../../../../shared/routes';
import {
  MAX_ORDER_QUANTITY,
  type PaymentMethod,
  type PayOrder,
  isOfferOrder,
} from '../../../../shared/schemas/pay-orders';
import type { PerkPreview } from '../../../../shared/schemas/perks';
import { QuantityStepper } from '../../../components/quantity-stepper';
import { EmptyState, ErrorState, LoadingState } from '../../../components/state-views';
import { isFailure } from '../../../lib/request';
import { useLoad } from '../../../lib/use-load';
import { createPayOrder, newIdempotencyKey } from '../../../api/create-pay-order';
import { getPayOrder } from '../api/get-pay-order';
import { getPaymentMethods } from '../api/get-payment-methods';
import { getPerkPreview } from '../../../api/get-perk-preview';
import { getSaleItem, type SaleItem, type SaleKind } from '../api/get-sale-item';
import { listPayOrders } from '../../../api/list-pay-orders';
import { BALANCE, openPayUrl, payFromBalance } from './pay-actions';
import { PendingOrder } from './pending-order';
import { PriceBreakdown, UsedPerkItem } from './price-breakdown';

/** The payment methods as radio buttons when there is a choice (the provider, and the wallet balance). */
function MethodChoice({
  methods,
  value,
  onChange,
}: {
  methods: PaymentMethod[];
  value: string;
  onChange: (p: string) => void;
}) {
  if (methods.length <= 1) return <List.Item extra={methods[0]?.label ?? ''}>付款方式</List.Item>;
  return (
    <List.Item>
      <fieldset className="checkout-methods">
        <legend>付款方式</legend>
        {methods.map((m) => (
          <label key={m.provider} className="checkout-method">
            <input
              type="radio"
              name="pay-method"
              value={m.provider}
              checked={value === m.provider}
              onChange={() => onChange(m.provider)}
            />
            {m.label}
          </label>
        ))}
      </fieldset>
    </List.Item>
  );
}

/** The perk a mall order of `quantity` would get now (null while unknown, for a market listing, or when not buyable). */
function usePerkPreview(item: SaleItem, quantity: number, buyable: boolean): PerkPreview | null {
  const [preview, setPreview] = useState<PerkPreview | null>(null);
  const kind = item.kind;
  useEffect(() => {
    if (kind === 'market' || !buyable) return setPreview(null);
    let live = true;
    void getPerkPreview({ type: kind, id: item.id, quantity }).then((p) => {
      if (live) setPreview(isFailure(p) || p.listAmount !== (item.priceCents ?? 0) * quantity ? null : p);
    });
    return () => {
      live = false;
    };
  }, [kind, item.id, item.priceCents, quantity, buyable]);
  return preview;
}

function OrderForm({
  item,
  methods,
  onOrdered,
}: {
  item: SaleItem;
  methods: PaymentMethod[];
  onOrdered: (o: PayOrder) => void;
}) {
  const navigate = useNavigate();
  const max = Math.max(1, Math.min(item.perUserLimit, item.left, MAX_ORDER_QUANTITY));
  const [quantity, setQuantity] = useState(1);
  const [method, setMethod] = useState(methods[0]?.provider ?? '');
  const [submitting, setSubmitting] = useState(false);
  const unit = item.kind === 'card' ? '張' : '件';
  // Inside a priority window holders may order; the server refuses anyone else with 持卡人優先購買中 (decision 029).
  const priorityOpen =
    item.saleState === 'upcoming' && !!item.priorityStartsAt && Date.parse(item.priorityStartsAt) <= Date.now();
  const buyable = (item.saleState === 'on_sale' || priorityOpen) && item.priceCents !== null && item.left > 0;
  const preview = usePerkPreview(item, quantity, buyable);

  const onSubmit = async () => {
    setSubmitting(true);
    const body =
      item.kind === 'market'
        ? { type: 'market' as const, listingId: item.id }
        : item.kind === 'card'
          ? { type: 'card' as const, cardInfoId: item.id, quantity }
          : { type: 'product' as const, productId: item.id, quantity };
    const order = await createPayOrder(body, newIdempotencyKey());
    if (isFailure(order)) return setSubmitting(false);
    onOrdered(order);
    if (method === BALANCE) {
      await payFromBalance(order, navigate);
      setSubmitting(false);
      return;
    }
    setSubmitting(false);
    if (order.payUrl) openPayUrl(order.payUrl);
  };

  return (
    <>
      <List header={item.kind === 'market' ? '訂單' : '購買數量'}>
        {item.kind !== 'market' && (
          <List.Item
            description={`每人限購 ${item.perUserLimit} ${unit}，尚餘 ${item.left} ${unit}`}
            extra={
              <QuantityStepper
                min={1}
                max={max}
                value={quantity}
                onChange={(v) => setQuantity(v)}
                disabled={!buyable}
                label="購買數量"
              />
            }
          >
            數量
          </List.Item>
        )}
        <List.Item extra={item.priceCents === null ? '—' : formatHkd(item.priceCents)}>
          {item.kind === 'market' ? '售價' : '單價'}
        </List.Item>
        <MethodChoice methods={methods} value={method} onChange={setMethod} />
        {preview?.perk ? (
          <PriceBreakdown listAmount={preview.listAmount} perk={preview.perk} amount={preview.amount} />
        ) : (
          <>
            {preview?.used ? <UsedPerkItem used={preview.used} /> : null}
            <List.Item
              extra={
                <strong className="checkout-total">
                  {item.priceCents === null ? '—' : formatHkd(item.priceCents * quantity)}
                </strong>
              }
            >
              合共（港幣）
            </List.Item>
          </>
        )}
      </List>
      <p className="checkout-note">確認後會為你預留 15 分鐘，請於時限內完成付款。</p>
      <div className="checkout-actions">
        <Button
          block
          color="primary"
          size="large"
          loading={submitting}
          disabled={!buyable || submitting}
          onClick={onSubmit}
        >
          {buyable
            ? '確認付款'
            : item.kind === 'market'
              ? '此掛單暫時不能購買'
              : item.saleState === 'upcoming'
                ? '尚未開售'
                : item.left <= 0
                  ? '已售罄'
                  : '暫不發售'}
        </Button>
      </div>
    </>
  );
}

/** What is being paid for: its picture, name and a line under it. */
function CheckoutItem({ image, name, sub }: { image: string | null | undefined; name: string; sub: string }) {
  return (
    <section className="checkout-item" aria-label="購買項目">
      {image && <img src={image} alt="" width={72} height={96} />}
      <div>
        <h2 className="checkout-item-name">{name}</h2>
        <p className="checkout-item-sub">{sub}</p>
      </div>
    </section>
  );
}

/** /mall/pay?orderNo=: an order created elsewhere (the `bid` order of a buy listing), paid here. */
export function ExistingOrder({ orderNo }: { orderNo: string }) {
  const navigate = useNavigate();
  const state = useLoad(async () => {
    const [order, methods] = await Promise.all([getPayOrder(orderNo), getPaymentMethods()]);
    if (isFailure(order)) return order;
    return { order, methods: isFailure(methods) ? [] : methods };
  }, [orderNo]);
  if (state.status === 'loading') return <LoadingState />;
  if (state.status === 'error')
    return state.failure.code === 404 ? (
      <EmptyState title="找不到這張訂單" description="請從「我的訂單」打開要付款的訂單。" />
    ) : (
      <ErrorState onRetry={state.reload} />
    );
  const { order, methods } = state.data;
  return (
    <div className="checkout">
      <CheckoutItem
        image={order.itemImage}
        name={order.itemName}
        sub={
          order.type === 'bid' || order.type === 'bids'
            ? '求購預付款，由平台託管至成交'
            : isOfferOrder(order)
              ? '出價預付款，由平台託管至成交或退回'
              : order.type === 'market'
                ? '市場掛單'
                : order.type === 'set'
                  ? '一鍵補齊卡冊'
                  : order.type === 'pack'
                    ? `卡包 × ${order.quantity}`
                    : '商城訂單'
        }
      />
      {order.status === 'pending' ? (
        <PendingOrder order={order} methods={methods} onChanged={state.reload} />
      ) : (
        <div className="checkout-actions">
          <Button
            block
            color="primary"
            size="large"
            onClick={() => navigate(payOrderReturnPath(order), { replace: true })}
          >
            查看訂單狀態
          </Button>
        </div>
      )}
    </div>
  );
}

/** /mall/pay and /mall/goodsPay: quantity, total, payment method; or the pending order with its countdown. */
export function PayForm({ kind, id }: { kind: SaleKind; id: string | null }) {
  const state = useLoad(async () => {
    if (!id) return { item: null, methods: [] as PaymentMethod[], pending: null };
    const [item, methods, pending] = await Promise.all([
      getSaleItem(kind, id),
      getPaymentMethods(),
      listPayOrders({ type: kind, status: 'pending', itemId: id, pageSize: 1 }),
    ]);
    if (isFailure(item)) return item;
    if (isFailure(methods)) return methods;
    return { item, methods, pending: isFailure(pending) ? null : (pending[0] ?? null) };
  }, [kind, id]);
  const [created, setCreated] = useState<PayOrder | null>(null);

  if (state.status === 'loading') return <LoadingState />;
  if (state.status === 'error') return <ErrorState onRetry={state.reload} />;
  const { item, methods, pending } = state.data;
  if (!item) return <EmptyState title="未選擇商品" description="請先在商城選擇要購買的卡牌或商品。" />;
  const order = created ?? pending;
  return (
    <div className="checkout">
      <CheckoutItem image={item.image} name={item.name} sub={item.subtitle} />
      {order && order.status === 'pending' ? (
        <PendingOrder
          order={order}
          methods={methods}
          onChanged={() => {
            setCreated(null);
            state.reload();
          }}
        />
      ) : (
        <OrderForm item={item} methods={methods} onOrdered={setCreated} />
      )}
    </div>
  );
}
