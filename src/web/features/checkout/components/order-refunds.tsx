import { formatHkDateTime } from '../../../../shared/hk-time';
import { formatHkd } from '../../../../shared/money';
import type { PayOrder, PayOrderRefund } from '../../../../shared/schemas/pay-orders';
import { OrderSection } from './order-parts';

/** What operators refunded of an order so far (decision 050), in cents. */
export const refundedOf = (o: Pick<PayOrder, 'refunds'>): number => (o.refunds ?? []).reduce((s, r) => s + r.amount, 0);

/** The order's cards and goods a refund took back to the platform. */
export const returnedOf = (o: Pick<PayOrder, 'refunds'>): Set<string> =>
  new Set((o.refunds ?? []).flatMap((r) => r.itemIds));

/** Where a refund's money is, in words. */
const whereTo = (r: PayOrderRefund) =>
  r.toBalance ? '已存入錢包餘額' : r.settled ? '已退回原付款方式' : '正退回原付款方式，一般需時數個工作天';

/** The refunds of a paid order (decision 050): each amount, its reason, where the money went and when. */
export function OrderRefunds({ order }: { order: Pick<PayOrder, 'refunds'> }) {
  const refunds = order.refunds ?? [];
  if (refunds.length === 0) return null;
  return (
    <OrderSection id="order-refunds-title" title="退款">
      <ul className="order-refunds">
        {refunds.map((r) => (
          <li key={`${r.at}-${r.amount}`}>
            <p className="order-refund-amount">已退款 {formatHkd(r.amount)}</p>
            <p>原因：{r.reason}</p>
            {r.itemIds.length > 0 ? <p>{r.itemIds.length} 件物品已由平台收回</p> : null}
            <p>
              {whereTo(r)}・<time dateTime={r.at}>{formatHkDateTime(r.at)}</time>
            </p>
          </li>
        ))}
      </ul>
    </OrderSection>
  );
}
