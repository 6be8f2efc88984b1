import { useCallback, useState } from 'react';
import { CapsuleTabs, Dialog, Tabs, Toast } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import type { DeskListing, DeskView } from '../../../shared/schemas/market-desk';
import { cancelListing } from '../../api/cancel-listing';
import { GoButton } from '../../components/go-button';
import { PagedFrame } from '../../components/paged-frame';
import { isFailure } from '../../lib/request';
import { createListStore } from '../../lib/stores';
import { usePagedList } from '../../lib/use-paged-list';
import { listDesk } from './api/list-desk';
import { DeskRow } from './components/desk-row';
import { EditPriceSheet } from './components/edit-price-sheet';
import './market.css';
import './desk.css';
import { SELL_TYPE, sideOfSellType, type ListingSide } from '../../../shared/market-labels';

const KEYS = ['sell-open', 'sell-ended', 'buy-open', 'buy-ended'] as const;
type DeskKey = (typeof KEYS)[number];
// market/mine is not one of the seed's named lists; the desk keeps its own.
const deskLists = createListStore(KEYS);
const PAGE_SIZE = 20;

function DeskList({ side, view }: { side: ListingSide; view: DeskView }) {
  const [editing, setEditing] = useState<DeskListing | null>(null);
  const key: DeskKey = `${side}-${view}`;
  const fetchPage = useCallback(
    (page: number, pageSize: number) => listDesk({ sell_type: SELL_TYPE[side], view, page, pageSize }),
    [side, view],
  );
  const list = usePagedList<DeskListing, DeskKey>(deskLists, key, fetchPage, PAGE_SIZE, [key]);
  const cancel = async (l: DeskListing) => {
    const sell = sideOfSellType(l.sell_type) === 'sell';
    const sure = await Dialog.confirm({
      content: sell
        ? `確定取消「${l.itemName}」的出售掛單？物品會回到你的收藏。`
        : `確定取消「${l.itemName}」的求購？預付的款項會退回你的錢包餘額。`,
      confirmText: sell ? '取消掛單' : '取消求購',
      cancelText: '保留',
    });
    if (!sure) return;
    const res = await cancelListing(l.id);
    if (isFailure(res)) return;
    Toast.show({ icon: 'success', content: sell ? '掛單已取消' : '求購已取消，款項已退回錢包' });
    list.reload();
  };
  const what = side === 'sell' ? '出售掛單' : '求購';
  return (
    <>
      <PagedFrame
        {...list}
        what={what}
        endClassName="market-note"
        emptyText={{
          title: view === 'open' ? `沒有進行中的${what}` : `沒有已結束的${what}`,
          description: side === 'sell' ? '把收藏放上市場寄售吧。' : '出價求購你想要的卡牌或物品。',
          action: (
            <GoButton to={`/market/sell${side === 'buy' ? '?mode=buy' : ''}`}>
              {side === 'sell' ? '我要出售' : '我要求購'}
            </GoButton>
          ),
        }}
      >
        <ul className="desk-list" aria-label={`${view === 'open' ? '進行中' : '已結束'}的${what}`}>
          {list.items.map((l) => (
            <DeskRow key={l.id} listing={l} onEdit={setEditing} onCancel={(x) => void cancel(x)} />
          ))}
        </ul>
      </PagedFrame>
      <EditPriceSheet
        listing={editing}
        onClose={() => setEditing(null)}
        onDone={() => {
          setEditing(null);
          list.reload();
        }}
      />
    </>
  );
}

/** /my/market?side=sell|buy&view=open|ended: the trader's desk, their listings and bids with price, cancel, history. */
export default function MyMarketScreen() {
  const [params, setParams] = useSearchParams();
  const side = params.get('side') === 'buy' ? 'buy' : 'sell';
  const view: DeskView = params.get('view') === 'ended' ? 'ended' : 'open';
  const go = (next: { side?: string; view?: string }) =>
    setParams({ side: next.side ?? side, view: next.view ?? view }, { replace: true });
  return (
    <>
      <Tabs activeKey={side} onChange={(k) => go({ side: k })}>
        <Tabs.Tab key="sell" title="我的出售" />
        <Tabs.Tab key="buy" title="我的求購" />
      </Tabs>
      <div role="tabpanel" aria-label={side === 'sell' ? '我的出售' : '我的求購'} className="desk">
        <CapsuleTabs activeKey={view} onChange={(k) => go({ view: k })}>
          <CapsuleTabs.Tab key="open" title="進行中" />
          <CapsuleTabs.Tab key="ended" title="已結束" />
        </CapsuleTabs>
        <DeskList key={`${side}-${view}`} side={side} view={view} />
      </div>
    </>
  );
}
