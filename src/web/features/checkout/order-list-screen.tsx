import { useCallback, useEffect, useState } from 'react';
import { Button, InfiniteScroll, List, Tabs, Tag } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { MarketOrders } from './components/market-orders';
import { formatHkd } from '../../../shared/money';
import { PAY_ORDER_STATUS_LABELS, type PayOrder } from '../../../shared/schemas/pay-orders';
import { EmptyState, ErrorState, LoadingState } from '../../components/state-views';
import { formatHkDateTime } from '../../../shared/hk-time';
import { isFailure } from '../../lib/request';
import { listPayOrders } from './api/list-pay-orders';
import { openPayUrl } from './components/pay-actions';
import './checkout.css';

const PAGE_SIZE = 20;
const STATUS_COLORS: Record<PayOrder['status'], string> = {
  pending: 'warning',
  paid: 'success',
  expired: 'default',
  cancelled: 'default',
  refunded: 'primary',
};

/** The mall's card orders, newest first; pending ones can be paid now. */
function MallOrders() {
  const navigate = useNavigate();
  const [orders, setOrders] = useState<PayOrder[]>([]);
  const [page, setPage] = useState(0);
  const [hasMore, setHasMore] = useState(true);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

  const loadMore = useCallback(async () => {
    const next = page + 1;
    const res = await listPayOrders({ type: 'card', page: next, pageSize: PAGE_SIZE });
    if (isFailure(res)) {
      setState((s) => (s === 'loading' ? 'error' : s));
      setHasMore(false);
      return;
    }
    setOrders((o) => [...o, ...res]);
    setPage(next);
    setHasMore(res.length === PAGE_SIZE);
    setState('ready');
  }, [page]);

  useEffect(() => {
    if (state === 'loading' && page === 0) void loadMore();
    // First page only; later pages come from InfiniteScroll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  const retry = () => {
    setOrders([]);
    setPage(0);
    setHasMore(true);
    setState('loading');
  };

  if (state === 'loading') return <LoadingState />;
  if (state === 'error') return <ErrorState onRetry={retry} />;
  if (orders.length === 0) {
    return (
      <EmptyState
        title="未有卡牌訂單"
        description="到商城看看正在發售的卡牌吧。"
        action={
          <Button color="primary" onClick={() => navigate('/mall')}>
            前往商城
          </Button>
        }
      />
    );
  }
  return (
    <div className="checkout-orders">
      <List aria-label="卡牌訂單">
        {orders.map((o) => (
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
              ) : (
                <Tag color={STATUS_COLORS[o.status]}>{PAY_ORDER_STATUS_LABELS[o.status]}</Tag>
              )
            }
            onClick={() => navigate(`/mall/info?orderNo=${o.orderNo}`)}
            arrow={false}
          >
            {o.itemName} × {o.quantity}
          </List.Item>
        ))}
      </List>
      <InfiniteScroll loadMore={loadMore} hasMore={hasMore} />
    </div>
  );
}

const TABS = [
  { key: 'mall', title: '商城訂單' },
  { key: 'buyer', title: '市場買入' },
  { key: 'seller', title: '市場賣出' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** /my/collection/order: mall orders, and market orders as buyer and as seller (?tab=mall|buyer|seller). */
export default function OrderListScreen() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: TabKey = TABS.some((t) => t.key === raw) ? (raw as TabKey) : 'mall';
  return (
    <>
      <Tabs activeKey={tab} onChange={(k) => setParams(k === 'mall' ? {} : { tab: k }, { replace: true })}>
        {TABS.map((t) => (
          <Tabs.Tab key={t.key} title={t.title} />
        ))}
      </Tabs>
      <div role="tabpanel" aria-label={TABS.find((t) => t.key === tab)!.title}>
        {tab === 'mall' ? <MallOrders /> : <MarketOrders key={tab} role={tab} />}
      </div>
    </>
  );
}
