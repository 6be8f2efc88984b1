import { useEffect, useState } from 'react';
import { Button, Result } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { formatHkd } from '../../../../shared/money';
import { FINAL_PAY_ORDER_STATUSES, type PayOrder, isOfferOrder } from '../../../../shared/schemas/pay-orders';
import { EmptyState, ErrorState, LoadingState } from '../../../components/state-views';
import { formatMinutesLeft } from '../../../../shared/hk-time';
import { isFailure } from '../../../lib/request';
import { useRemaining } from '../../../lib/use-clock';
import { payCheck } from '../api/pay-check';
import { openPayUrl } from './pay-actions';
import { cardArtAlt } from '../../../lib/card-art-alt';
import { SetExchangeOffer } from './set-exchange-offer';
import { OrderRefunds } from './order-refunds';

export const POLL_MS = 2000;

/** Polls payOrder/payCheck every 2 s (no loading indicator) until the order is final. */
function usePayCheck(orderNo: string | null) {
  const [order, setOrder] = useState<PayOrder | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!orderNo) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const res = await payCheck(orderNo);
      if (!live) return;
      if (isFailure(res)) {
        // A 404 (not this user's order) is final; a network hiccup is retried on the next tick.
        if (res.code !== 0) return setFailed(true);
      } else {
        setOrder(res);
        if (FINAL_PAY_ORDER_STATUSES.includes(res.status)) return;
      }
      timer = setTimeout(tick, POLL_MS);
    };
    setFailed(false);
    void tick();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [orderNo, attempt]);
  return { order, failed, retry: () => setAttempt((n) => n + 1) };
}

/** A pack order's series on /mall/pack; with its order number, where the paid pack is opened. */
const packPath = (order: PayOrder, open: boolean) =>
  `/mall/pack?id=${encodeURIComponent(order.itemId)}${open ? `&orderNo=${encodeURIComponent(order.orderNo)}` : ''}`;

function Pending({ order }: { order: PayOrder }) {
  const remaining = useRemaining(order.expiresAt);
  return (
    <>
      <Result
        status="waiting"
        title="等待付款結果"
        description={
          remaining > 0 ? `付款完成後此頁會自動更新；剩餘付款時間 ${formatMinutesLeft(remaining)}` : '正在確認訂單狀態…'
        }
      />
      {order.payUrl && remaining > 0 && (
        <div className="checkout-actions">
          <Button block color="primary" size="large" onClick={() => openPayUrl(order.payUrl!)}>
            前往付款
          </Button>
        </div>
      )}
    </>
  );
}

function paidText(order: PayOrder): string {
  if (order.type === 'bids') return '各張求購已生效，款項由平台託管；有人賣給你時卡牌會直接存入你的收藏。';
  if (order.type === 'bid') return '求購已生效，款項由平台託管；有人賣給你時物品會直接存入你的帳戶。';
  if (order.type === 'offer_topup')
    return '差額已付：出價已成交，物品已存入你的帳戶；如出價剛有變動，款項已存入錢包餘額。';
  if (isOfferOrder(order)) return '出價已送出，款項由平台託管；物主接受即成交，拒絕、取消或過期會退回錢包餘額。';
  if (order.type === 'product' || order.goods.length > 0) return '商品已存入「我的實物」。';
  if (order.type === 'set') return '卡牌已加入「我的收藏」；卡冊集齊後即可兌換 B 卡。';
  if (order.type === 'pack') return '卡包的卡牌已存入「我的收藏」；開包看看抽中了甚麼。';
  return '卡牌已加入「我的收藏」。';
}

function Paid({ order }: { order: PayOrder }) {
  const navigate = useNavigate();
  return (
    <>
      <Result status="success" title="付款成功" description={paidText(order)} />
      <OrderRefunds order={order} />
      {/* A pack's cards are revealed when it is opened (/mall/pack), not listed here. */}
      {order.cards.length > 0 && order.type !== 'pack' && (
        <ul className="checkout-minted" aria-label="已發出的卡牌">
          {order.cards.map((c) => (
            <li key={c.id}>
              {c.image && (
                <img
                  src={c.image}
                  alt={cardArtAlt({ name: c.name, rarity: c.rarity, serial: c.serialText })}
                  width={48}
                  height={64}
                />
              )}
              <span>{c.name}</span>
              <strong className="checkout-serial">{c.serialText}</strong>
            </li>
          ))}
        </ul>
      )}
      {order.goods.length > 0 && (
        <ul className="checkout-minted" aria-label="已存入的商品">
          {order.goods.map((g) => (
            <li key={g.id}>
              {g.image && <img src={g.image} alt="" width={48} height={48} />}
              <span>{g.name}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="checkout-actions">
        {order.type === 'set' && <SetExchangeOffer order={order} />}
        {order.type === 'pack' ? (
          <Button block color="primary" size="large" onClick={() => navigate(packPath(order, true))}>
            開啟卡包
          </Button>
        ) : order.type === 'bid' || order.type === 'bids' || isOfferOrder(order) ? (
          <Button
            block
            color="primary"
            size="large"
            onClick={() => navigate(`/my/collection/order?tab=${isOfferOrder(order) ? 'offer' : 'buyer'}`)}
          >
            {isOfferOrder(order) ? '查看我的出價' : '查看我的市場訂單'}
          </Button>
        ) : (
          <Button
            block
            color="primary"
            size="large"
            onClick={() =>
              navigate(order.type === 'product' || order.goods.length > 0 ? '/my/entity' : '/my/collection')
            }
          >
            {order.type === 'product' || order.goods.length > 0 ? '查看我的實物' : '查看我的收藏'}
          </Button>
        )}
        <Button
          block
          size="large"
          onClick={() => navigate(order.type === 'product' || order.type === 'card' ? '/mall' : '/market')}
        >
          {order.type === 'product' || order.type === 'card' ? '繼續購物' : '返回市場'}
        </Button>
      </div>
    </>
  );
}

function Ended({ order }: { order: PayOrder }) {
  const navigate = useNavigate();
  const title = order.status === 'expired' ? '訂單已逾期' : order.status === 'cancelled' ? '訂單已取消' : '訂單已退款';
  const description =
    order.status === 'expired'
      ? order.type === 'market' || order.type === 'set'
        ? '未能在 15 分鐘內完成付款，掛單已交回賣家。如仍在出售，你可以再次購買。'
        : '未能在 15 分鐘內完成付款，預留的數量已經釋出。你可以再次購買。'
      : order.status === 'cancelled'
        ? '這張訂單已取消，沒有收取任何款項。'
        : (order.note ?? '款項將全數退回。');
  // A market order's item is its listing; a bid's listing is not bought again from here.
  const again =
    order.type === 'market'
      ? `/market/detail?id=${encodeURIComponent(order.itemId)}`
      : order.type === 'bid'
        ? '/market/sell?mode=buy'
        : order.type === 'set' || order.type === 'bids'
          ? '/my/theme'
          : order.type === 'pack'
            ? packPath(order, false)
            : isOfferOrder(order)
              ? '/my/collection/order?tab=offer'
              : `${order.type === 'product' ? '/mall/goodsPay' : '/mall/pay'}?id=${encodeURIComponent(order.itemId)}`;
  return (
    <>
      <Result status={order.status === 'refunded' ? 'info' : 'warning'} title={title} description={description} />
      <div className="checkout-actions">
        <Button block color="primary" size="large" onClick={() => navigate(again)}>
          {order.type === 'bid' ? '重新發佈求購' : isOfferOrder(order) ? '查看我的出價' : '再次購買'}
        </Button>
      </div>
    </>
  );
}

/** /mall/info and /mall/goodsInfo: the order's status, polled until final; what was minted when paid. */
export function OrderStatus({ orderNo }: { orderNo: string | null }) {
  const { order, failed, retry } = usePayCheck(orderNo);
  if (!orderNo) return <EmptyState title="沒有訂單編號" description="請從「我的訂單」打開要查看的訂單。" />;
  if (failed && !order) return <ErrorState title="未能載入訂單" onRetry={retry} />;
  if (!order) return <LoadingState label="正在確認訂單…" />;
  return (
    <div className="checkout" aria-live="polite">
      <section className="checkout-summary" aria-label="訂單資料">
        <p>
          {order.itemName} × {order.quantity}
        </p>
        {order.perk && (
          <p>
            原價 {formatHkd(order.listAmount)}・持卡優惠（{order.perk.title}）−{formatHkd(order.perk.saving)}
          </p>
        )}
        <p>
          {order.perk ? '應付' : '合共'} <strong>{formatHkd(order.amount)}</strong>・{order.paymentMethod}
        </p>
        <p className="checkout-order-no">訂單編號 {order.orderNo}</p>
      </section>
      {order.status === 'pending' ? (
        <Pending order={order} />
      ) : order.status === 'paid' ? (
        <Paid order={order} />
      ) : (
        <Ended order={order} />
      )}
    </div>
  );
}
