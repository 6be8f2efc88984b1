import { useState } from 'react';
import { Button, Dialog, List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { formatMinutesLeft } from '../../../../shared/hk-time';
import { formatHkd } from '../../../../shared/money';
import { payOrderReturnPath } from '../../../../shared/routes';
import type { PaymentMethod, PayOrder } from '../../../../shared/schemas/pay-orders';
import { isOfferOrder } from '../../../../shared/schemas/pay-orders';
import { isFailure } from '../../../lib/request';
import { useRemaining } from '../../../lib/use-clock';
import { cancelMarketOrder } from '../api/cancel-market-order';
import { cancelPayOrder } from '../api/cancel-pay-order';
import { BALANCE, openPayUrl, payFromBalance } from './pay-actions';
import { PriceBreakdown } from './price-breakdown';

/** 你有一張待付款訂單: the time left to pay, the ways to pay it, its status and 取消訂單. */
export function PendingOrder({
  order,
  methods,
  onChanged,
}: {
  order: PayOrder;
  methods: PaymentMethod[];
  onChanged: () => void;
}) {
  const remaining = useRemaining(order.expiresAt);
  const navigate = useNavigate();
  const [paying, setPaying] = useState(false);
  const balance = methods.find((m) => m.provider === BALANCE);
  const onCancel = async () => {
    const what =
      order.type === 'market' || order.type === 'set'
        ? '掛單會即時交回賣家。'
        : order.type === 'bid' || order.type === 'bids'
          ? '求購不會生效。'
          : isOfferOrder(order)
            ? '出價不會送出。'
            : '預留的數量會即時釋出。';
    const sure = await Dialog.confirm({
      'aria-label': '取消訂單',
      content: `確定取消這張訂單？${what}`,
      confirmText: '取消訂單',
      cancelText: '保留',
    });
    if (!sure) return;
    const res = order.type === 'market' ? await cancelMarketOrder(order.orderNo) : await cancelPayOrder(order.orderNo);
    if (!isFailure(res)) onChanged();
  };
  const onBalance = async () => {
    setPaying(true);
    await payFromBalance(order, navigate);
    setPaying(false);
  };
  return (
    <section className="checkout-pending" aria-labelledby="pending-title">
      <h2 id="pending-title">你有一張待付款訂單</h2>
      <p>
        {order.itemName} × {order.quantity}，{order.perk ? '應付' : '合共'} <strong>{formatHkd(order.amount)}</strong>
      </p>
      {order.perk && (
        <section aria-label="價錢明細">
          <List className="checkout-breakdown">
            <PriceBreakdown listAmount={order.listAmount} perk={order.perk} amount={order.amount} />
          </List>
        </section>
      )}
      {/* A timer takes its name from the author only: the time left, as on the drop countdown (never announced as it ticks). */}
      <p
        className="checkout-countdown"
        role="timer"
        aria-live="off"
        aria-label={remaining > 0 ? `付款剩餘時間 ${formatMinutesLeft(remaining)}` : '訂單已逾時'}
      >
        {remaining > 0 ? (
          <>
            請於 <strong>{formatMinutesLeft(remaining)}</strong> 內完成付款，逾時訂單會自動取消
          </>
        ) : (
          '訂單已逾時'
        )}
      </p>
      <div className="checkout-actions">
        {order.payUrl && remaining > 0 && (
          <Button block color="primary" size="large" onClick={() => openPayUrl(order.payUrl!)}>
            立即付款
          </Button>
        )}
        {balance && remaining > 0 && (
          <Button
            block
            color="primary"
            fill="outline"
            size="large"
            loading={paying}
            disabled={paying}
            onClick={onBalance}
          >
            用{balance.label}付款
          </Button>
        )}
        <Button block size="large" onClick={() => navigate(payOrderReturnPath(order))}>
          查看訂單狀態
        </Button>
        <Button block size="large" color="danger" fill="outline" onClick={onCancel}>
          取消訂單
        </Button>
      </div>
    </section>
  );
}
