import { useCallback } from 'react';
import { Button, List, Tag } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { formatHkd } from '../../../../shared/money';
import { MARKET_ORDER_STATUS_LABELS, type MarketOrder } from '../../../../shared/schemas/market';
import { SALE_WAY_LABELS } from '../../../../shared/sale-ways';
import { GoButton } from '../../../components/go-button';
import { PagedFrame } from '../../../components/paged-frame';
import { createListStore } from '../../../lib/stores';
import { usePagedList } from '../../../lib/use-paged-list';
import { listMarketOrders } from '../api/list-market-orders';
import { formatHkDateTime } from '../../../../shared/hk-time';
import { OrderFeedback } from '../../../components/order-feedback';

// market/orderList is not one of the seed's named lists; this screen keeps its own.
const orderLists = createListStore(['buyer', 'seller'] as const);
const PAGE_SIZE = 20;
const COLORS: Record<MarketOrder['status'], string> = {
  pending: 'warning',
  completed: 'success',
  cancelled: 'default',
  expired: 'default',
};

/** What the order was, in words: 買入 / 賣出, and its way (a listing, a bid, an accepted offer, a set completed). */
function how(o: MarketOrder): string {
  const who = o.counterparty.nickname;
  const buyer = o.role === 'buyer';
  switch (o.way) {
    case 'bid':
      return buyer ? `求購成交（${who} 賣出）` : `賣給 ${who} 的求購`;
    case 'offer':
    case 'set_completion':
      return `${SALE_WAY_LABELS[o.way]}（${buyer ? `${who} 賣出` : `賣給 ${who}`}）`;
    default:
      return buyer ? `向 ${who} 購買` : `${who} 購買了你的掛單`;
  }
}

/** Market orders of one side, for /my/collection/order. */
export function MarketOrders({ role }: { role: 'buyer' | 'seller' }) {
  const navigate = useNavigate();
  const fetchPage = useCallback((page: number, pageSize: number) => listMarketOrders({ role, page, pageSize }), [role]);
  const list = usePagedList<MarketOrder, 'buyer' | 'seller'>(orderLists, role, fetchPage, PAGE_SIZE, [role]);
  return (
    <PagedFrame
      {...list}
      what="市場訂單"
      endClassName="checkout-note"
      emptyText={
        role === 'buyer'
          ? {
              title: '未有市場訂單',
              description: '你未在市場買入過。到市場看看其他收藏家出售的卡牌和物品。',
              action: <GoButton to="/market">前往市場</GoButton>,
            }
          : {
              title: '未有市場訂單',
              description: '你未在市場賣出過。把收藏放上市場寄售，或賣給求購的買家。',
              action: <GoButton to="/market/sell">我要出售</GoButton>,
            }
      }
    >
      <List aria-label={role === 'buyer' ? '市場買入訂單' : '市場賣出訂單'}>
        {list.items.map((o) => (
          <List.Item
            key={o.id}
            prefix={o.itemImage ? <img src={o.itemImage} alt="" width={44} height={58} /> : undefined}
            description={
              <>
                <span>
                  {how(o)}・{formatHkDateTime(o.completedAt ?? o.createdAt)}
                </span>
                <span className="checkout-serials">
                  {formatHkd(o.price)}
                  {role === 'seller' && o.status === 'completed'
                    ? `（手續費 ${formatHkd(o.fee)}，實收 ${formatHkd(o.proceeds)}）`
                    : ''}
                </span>
              </>
            }
            extra={
              role === 'buyer' && o.status === 'pending' && o.orderNo ? (
                <Button
                  size="small"
                  color="primary"
                  onClick={(e) => {
                    e.stopPropagation();
                    navigate(`/mall/pay?orderNo=${encodeURIComponent(o.orderNo!)}`);
                  }}
                >
                  前往付款
                </Button>
              ) : (
                <>
                  <Tag color={COLORS[o.status]}>{MARKET_ORDER_STATUS_LABELS[o.status]}</Tag>
                  {o.status === 'completed' && (
                    // Its button and its sheet (a portal, whose events still bubble through React) are not the row's tap.
                    <span onClick={(e) => e.stopPropagation()}>
                      <OrderFeedback orderId={o.id} itemName={o.itemName} />
                    </span>
                  )}
                </>
              )
            }
            onClick={() => navigate(`/my/order?id=${encodeURIComponent(o.id)}`)}
            arrow={false}
          >
            {o.itemName}
            {o.serialLabel ? ` ${o.serialLabel}` : ''}
          </List.Item>
        ))}
      </List>
    </PagedFrame>
  );
}
