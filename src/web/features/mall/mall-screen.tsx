import { lazy, Suspense, useCallback, type ComponentProps, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PagedFrame } from '../../components/paged-frame';
import { stores } from '../../lib/stores';
import { useNow } from '../../lib/use-clock';
import { usePagedList } from '../../lib/use-paged-list';
import { getCardInfos } from '../../api/get-card-infos';
import { getProducts } from '../../api/get-products';
import { SearchBox } from '../../components/search-box';
import { LoadingState } from '../../components/state-views';
import { TabStrip } from '../../components/tab-strip';
import { CardInfoRow, ProductRow } from './components/mall-rows';
import './mall.css';

// 卡包 (issue 25): a tab in a chunk of its own, adding nothing to /mall's first load.
const PackTab = lazy(() => import('./components/pack-tab').then((m) => ({ default: m.PackTab })));

const PAGE_SIZE = 10;
const TABS = [
  { key: 'card', title: '卡牌' },
  { key: 'pack', title: '卡包' },
  { key: 'entity', title: '實物' },
  { key: 'other', title: '其他' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** A tab's list of 商品 (the rows are `children`), with its loading, empty and end states. */
function MallList({
  list,
  emptyTitle,
  emptyDescription,
  children,
}: {
  list: Omit<ComponentProps<typeof PagedFrame>, 'what' | 'endClassName' | 'emptyText' | 'children'>;
  emptyTitle: string;
  emptyDescription: ReactNode;
  children: ReactNode;
}) {
  return (
    <PagedFrame
      {...list}
      what="商品"
      endClassName="mall-list-end"
      emptyText={{ title: emptyTitle, description: emptyDescription }}
    >
      <ul className="mall-list">{children}</ul>
    </PagedFrame>
  );
}

function CardTab() {
  const fetchPage = useCallback((page: number, pageSize: number) => getCardInfos({ page, pageSize, onSale: true }), []);
  const list = usePagedList(stores.cardInfo, 'list', fetchPage, PAGE_SIZE);
  const now = useNow(list.items.some((c) => c.saleState === 'upcoming'));
  return (
    <MallList
      list={list}
      emptyTitle="暫時未有卡牌發售"
      emptyDescription={
        <>
          新一彈卡牌即將推出，可先到<Link to="/my/card">兌換卡牌</Link>輸入兌換碼。
        </>
      }
    >
      {list.items.map((c, i) => (
        <CardInfoRow key={c.id} card={c} now={now} index={i} />
      ))}
    </MallList>
  );
}

function ProductTab({ type }: { type: 0 | 1 }) {
  const key = type === 1 ? 'entityList' : 'otherList';
  const fetchPage = useCallback((page: number, pageSize: number) => getProducts({ type, page, pageSize }), [type]);
  const list = usePagedList(stores.product, key, fetchPage, PAGE_SIZE);
  const now = useNow(list.items.some((p) => p.saleState === 'upcoming'));
  return (
    <MallList
      list={list}
      emptyTitle={type === 1 ? '暫時未有實物商品' : '暫時未有其他商品'}
      emptyDescription={
        <>
          稍後再來看看，或先到<Link to="/market">市場</Link>逛逛。
        </>
      }
    >
      {list.items.map((p, i) => (
        <ProductRow key={p.id} product={p} now={now} index={i} />
      ))}
    </MallList>
  );
}

/** /mall: tabs 卡牌 / 卡包 / 實物 / 其他 (?tab=card|pack|entity|other), each a list (the packs' one page, the others infinite). */
export default function MallScreen() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: TabKey = TABS.some((t) => t.key === raw) ? (raw as TabKey) : 'card';
  return (
    <div className="mall">
      <SearchBox />
      <TabStrip
        items={TABS}
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        className="mall-tabs"
      />
      <div role="tabpanel" aria-label={TABS.find((t) => t.key === tab)!.title}>
        {tab === 'card' && <CardTab />}
        {tab === 'pack' && (
          <Suspense fallback={<LoadingState label="正在載入卡包…" />}>
            <PackTab />
          </Suspense>
        )}
        {(tab === 'entity' || tab === 'other') && <ProductTab key={tab} type={tab === 'entity' ? 1 : 0} />}
      </div>
    </div>
  );
}
