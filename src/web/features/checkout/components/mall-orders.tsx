import { useCallback } from 'react';
import { Button, List, Tag } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { formatHkd } from '../../../../shared/money';
import { formatHkDateTime } from '../../../../shared/hk-time';
import { PAY_ORDER_STATUS_LABELS, type PayOrder } from '../../../../shared/schemas/pay-orders';
import { GoButton } from '../../../components/go-button';
import { PagedFrame } from '../../../components/paged-frame';
import { createListStore } from '../../../lib/stores';
import { usePagedList } from '../../../lib/use-paged-list';
import { listPayOrders } from '../../../api/list-pay-orders';
import { openPayUrl } from './pay-actions';
import { refundedOf } from './order-refunds';

// payOrder/list of one mall type is not one of the seed's named lists; this screen keeps its own.
const mallLists = createListStore(['card', 'product'] as const);
const PAGE_SIZE = 20;
const STATUS_COLORS: Record<PayOrder['status'], string> = {
  pending: 'warning',
  paid: 'success',
  expired: 'default',
  cancelled: 'default',
  refunded: 'primary',
};

/** The mall's orders of one type (cards or products), newest first; each opens /my/order, pending ones can be paid. */
export function MallOrders({ type }: { type: 'card' | 'product' }) {
  const navigate = useNavigate();
  const fetchPage = useCallback((page: number, pageSize: number) => listPayOrders({ type, page, pageSize }), [type]);
  const list = usePagedList<PayOrder, 'card' | 'product'>(mallLists, type, fetchPage, PAGE_SIZE, [type]);
  return (
    <PagedFrame
      {...list}
      what="商城訂單"
      endClassName="checkout-note"
      emptyText={{
        title: '未有商城訂單',
        description: type === 'card' ? '到商城看看正在發售的卡牌吧。' : '到商城看看實物商品吧。',
        action: <GoButton to="/mall">前往商城</GoButton>,
      }}
    >
      <List aria-label={type === 'card' ? '卡牌訂單' : '商品訂單'} className="checkout-orders">
        {list.items.map((o) => (
          <List.Item
            key={o.orderNo}
            prefix={o.itemImage ? <img src={o.itemImage} alt="" width={44} height={58} /> : undefined}
            description={
              <>
                <span>
                  {formatHkDateTime(o.createdAt)}・{formatHkd(o.amount)}
                </span>
                {o.cards.length > 0 && (
                  <span className="checkout-serials">{o.cards.map((c) => c.serialText).join('、')}</span>
                )}
              </>
            }
            extra={
              o.status === 'pending' && o.payUrl ? (
                <Button
                  size="small"
                  color="primary"
                  onClick={(e) => {
                    e.stopPropagation();
                    openPayUrl(o.payUrl!);
                  }}
                >
                  立即付款
                </Button>
              ) : refundedOf(o) > 0 ? (
                <Tag color="primary">{refundedOf(o) < o.amount ? '部分退款' : '已退款'}</Tag>
              ) : (
                <Tag color={STATUS_COLORS[o.status]}>{PAY_ORDER_STATUS_LABELS[o.status]}</Tag>
              )
            }
            onClick={() => navigate(`/my/order?orderNo=${encodeURIComponent(o.orderNo)}`)}
            arrow={false}
          >
            {o.itemName} × {o.quantity}
          </List.Item>
        ))}
      </List>
    </PagedFrame>
  );
}
