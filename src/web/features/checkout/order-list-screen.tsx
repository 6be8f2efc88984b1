import { useEffect } from 'react';
import { Tabs } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { LoadingState } from '../../components/state-views';
import { isFailure } from '../../lib/request';
import { listMarketOrders } from './api/list-market-orders';
import { listPayOrders } from '../../api/list-pay-orders';
import { MallOrders } from './components/mall-orders';
import { MarketOrders } from './components/market-orders';
import { listOffers } from './api/list-offers';
import { OfferList } from './components/offer-list';
import './checkout.css';

const TABS = [
  { key: 'mall', title: '商城卡牌' },
  { key: 'product', title: '商城商品' },
  { key: 'buyer', title: '市場買入' },
  { key: 'seller', title: '市場賣出' },
  { key: 'offer', title: '出價' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** Whether each tab's list has an order: one row of each is enough. */
const HAS_ORDERS: Record<TabKey, () => Promise<boolean>> = {
  mall: async () => hasRows(await listPayOrders({ type: 'card', page: 1, pageSize: 1 })),
  product: async () => hasRows(await listPayOrders({ type: 'product', page: 1, pageSize: 1 })),
  buyer: async () => hasRows(await listMarketOrders({ role: 'buyer', page: 1, pageSize: 1 })),
  seller: async () => hasRows(await listMarketOrders({ role: 'seller', page: 1, pageSize: 1 })),
  offer: async () => hasRows(await listOffers({ role: 'made', page: 1, pageSize: 1 })),
};
const hasRows = (r: unknown) => !isFailure(r) && Array.isArray(r) && r.length > 0;

/**
 * /my/collection/order: mall orders (cards, products), market orders as buyer and as seller, and offers (?tab=). Without a
 * tab it opens on the first that has orders (the mall's card orders when none has).
 */
export default function OrderListScreen() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab = TABS.find((t) => t.key === raw)?.key ?? null;

  useEffect(() => {
    if (tab) return;
    let live = true;
    void Promise.all(TABS.map((t) => HAS_ORDERS[t.key]())).then((has) => {
      if (live) setParams({ tab: TABS[Math.max(0, has.indexOf(true))]!.key }, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [tab, setParams]);

  if (!tab) return <LoadingState label="正在載入訂單…" />;
  return (
    <>
      <Tabs activeKey={tab} onChange={(k) => setParams({ tab: k }, { replace: true })}>
        {TABS.map((t) => (
          <Tabs.Tab key={t.key} title={t.title} />
        ))}
      </Tabs>
      <div role="tabpanel" aria-label={TABS.find((t) => t.key === tab)!.title}>
        {tab === 'offer' ? (
          <OfferList />
        ) : tab === 'mall' || tab === 'product' ? (
          <MallOrders key={tab} type={tab === 'mall' ? 'card' : 'product'} />
        ) : (
          <MarketOrders key={tab} role={tab} />
        )}
      </div>
    </>
  );
}
