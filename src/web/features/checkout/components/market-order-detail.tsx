import { Tag } from 'antd-mobile';
import { Link } from 'react-router';
import { formatHkd } from '../../../../shared/money';
import { MARKET_ORDER_STATUS_LABELS } from '../../../../shared/schemas/market';
import { SALE_WAY_LABELS } from '../../../../shared/sale-ways';
import type { MarketOrderDetail as Detail } from '../../../../shared/schemas/market-desk';
import { OrderFeedback } from '../../../components/order-feedback';
import { OrderDelivery } from './order-delivery';
import { OrderFacts, OrderHead, OrderSection, OrderTimeline } from './order-parts';

/** A market order as its buyer or seller sees it: item, serial, price, fee and net, the other party, timeline. */
export function MarketOrderDetail({ order: o }: { order: Detail }) {
  const seller = o.role === 'seller';
  const rows: [string, string][] = [
    ['成交價', formatHkd(o.price)],
    ...(seller
      ? ([
          ['手續費', `−${formatHkd(o.fee)}`],
          ['實收', formatHkd(o.proceeds)],
        ] as [string, string][])
      : []),
    [seller ? '款項' : '付款方式', o.paymentMethod ?? '—'],
  ];
  if (o.orderNo) rows.unshift(['訂單編號', o.orderNo]);
  return (
    <div className="checkout">
      <OrderHead
        image={o.itemImage}
        name={`${o.itemName}${o.serialLabel ? ` ${o.serialLabel}` : ''}`}
        sub={`${seller ? '市場賣出' : '市場買入'}・${o.way === 'listing' ? '寄售掛單' : SALE_WAY_LABELS[o.way]}`}
        tag={<Tag color={o.status === 'completed' ? 'success' : 'default'}>{MARKET_ORDER_STATUS_LABELS[o.status]}</Tag>}
      />
      <OrderFacts label="訂單金額" rows={rows} />
      <OrderSection id="order-party-title" title={seller ? '買家' : '賣家'}>
        <Link to={`/market/user?id=${encodeURIComponent(o.counterparty.id)}`} className="order-party">
          {o.counterparty.nickname || '收藏家'}的店舖
        </Link>
      </OrderSection>
      {o.status === 'completed' ? (
        <OrderSection id="order-feedback-title" title="交易評價">
          <OrderFeedback orderId={o.id} itemName={o.itemName} showMine />
        </OrderSection>
      ) : null}
      <OrderTimeline
        steps={o.timeline.map((s) => ({
          label: s.label,
          at: s.at,
          failed: s.kind === 'cancelled' || s.kind === 'expired',
        }))}
      />
      {o.kind === 'goods' && !seller && o.status === 'completed' && o.itemId ? (
        <OrderDelivery goodsId={o.itemId} />
      ) : null}
    </div>
  );
}
