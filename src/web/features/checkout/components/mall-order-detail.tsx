import { Button, Tag } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { formatHkd } from '../../../../shared/money';
import { payOrderReturnPath } from '../../../../shared/routes';
import { PAY_ORDER_STATUS_LABELS, type PayOrder } from '../../../../shared/schemas/pay-orders';
import { OrderDeliveries } from './order-delivery';
import { OrderFacts, OrderHead, OrderSection, OrderTimeline } from './order-parts';
import { OrderRefunds, refundedOf, returnedOf } from './order-refunds';

/** Goods units whose delivery the screen asks for (a large order links the rest through 我的實物). */
const DELIVERIES_SHOWN = 3;

function steps(o: PayOrder) {
  const out: { label: string; at: string | null; failed?: boolean }[] = [{ label: '已下單', at: o.createdAt }];
  if (o.paidAt) out.push({ label: `已付款（${o.paymentMethod}）`, at: o.paidAt });
  if (o.status === 'expired') out.push({ label: '付款逾時，訂單已取消', at: null, failed: true });
  if (o.status === 'cancelled') out.push({ label: '訂單已取消', at: null, failed: true });
  if (o.status === 'refunded') out.push({ label: '已退款', at: null, failed: true });
  if (o.status === 'paid')
    out.push({ label: o.type === 'product' ? '商品已存入我的實物' : '卡牌已存入我的收藏', at: o.paidAt });
  for (const r of o.refunds ?? []) out.push({ label: `已退款 ${formatHkd(r.amount)}（${r.reason}）`, at: r.at });
  return out;
}

/** A mall order (card or product): items with serials, price, payment method, timeline and its goods' delivery. */
export function MallOrderDetail({ order: o }: { order: PayOrder }) {
  const navigate = useNavigate();
  const returned = returnedOf(o);
  const back = (id: string) => (returned.has(id) ? '（已退回平台）' : '');
  return (
    <div className="checkout">
      <OrderHead
        image={o.itemImage}
        name={o.itemName}
        sub={`商城訂單・${o.quantity} 件`}
        tag={
          refundedOf(o) > 0 ? (
            <Tag color="primary">{refundedOf(o) < o.amount ? '部分退款' : '已退款'}</Tag>
          ) : (
            <Tag color={o.status === 'paid' ? 'success' : 'default'}>{PAY_ORDER_STATUS_LABELS[o.status]}</Tag>
          )
        }
      />
      {o.status === 'pending' ? (
        <Button block color="primary" onClick={() => navigate(payOrderReturnPath(o))}>
          前往付款
        </Button>
      ) : null}
      <OrderFacts
        label="訂單金額"
        rows={[
          ['訂單編號', o.orderNo],
          ['單價', formatHkd(o.unitPrice)],
          ['數量', String(o.quantity)],
          ...(o.perk
            ? ([
                ['原價', formatHkd(o.listAmount)],
                [`持卡優惠（${o.perk.title}・${o.perk.cardName}）`, `−${formatHkd(o.discount)}`],
              ] as [string, string][])
            : []),
          ['合計', formatHkd(o.amount)],
          ['付款方式', o.paidAt ? o.paymentMethod : '—'],
          ...(refundedOf(o) > 0 ? ([['已退款', formatHkd(refundedOf(o))]] as [string, string][]) : []),
        ]}
      />
      <OrderRefunds order={o} />
      {o.cards.length > 0 ? (
        <OrderSection id="order-items-title" title="卡牌及編號">
          <ul className="order-items">
            {o.cards.map((c) => (
              <li key={c.id}>
                {c.name} {c.serialText}
                {back(c.id)}
              </li>
            ))}
          </ul>
        </OrderSection>
      ) : null}
      {o.goods.length > 0 ? (
        <OrderSection id="order-items-title" title="商品">
          <ul className="order-items">
            {o.goods.map((g) => (
              <li key={g.id}>
                {g.name}
                {back(g.id)}
              </li>
            ))}
          </ul>
        </OrderSection>
      ) : null}
      <OrderTimeline steps={steps(o)} />
      {o.type === 'product' && o.goods.length > 0 ? (
        <OrderDeliveries goodsIds={o.goods.slice(0, DELIVERIES_SHOWN).map((g) => g.id)} />
      ) : null}
    </div>
  );
}
