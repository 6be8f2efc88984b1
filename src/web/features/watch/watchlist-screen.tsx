import { useCallback } from 'react';
import { Toast } from 'antd-mobile';
import type { WatchItem } from '../../../shared/schemas/watch';
import { removeWatch } from '../../api/remove-watch';
import { GoButton } from '../../components/go-button';
import { PagedFrame } from '../../components/paged-frame';
import { setWatched } from '../../components/watch-state';
import { isFailure } from '../../lib/request';
import { createListStore } from '../../lib/stores';
import { usePagedList } from '../../lib/use-paged-list';
import { listWatches } from './api/list-watches';
import { AlertList } from './components/alert-list';
import { WatchRow } from './components/watch-row';
import './watchlist.css';

// watch/list is not one of the seed's named lists; the screen keeps its own.
const lists = createListStore(['watchlist'] as const);
const PAGE_SIZE = 20;

/** The empty list's message and where it leads. */
const NOTHING_WATCHED = {
  title: '未有關注的項目',
  description: '在卡牌、商品、掛單或賣家店舖按 ♡，就會在這裏看到它們的價格變動。',
  action: <GoButton to="/market">去市場看看</GoButton>,
};

/** /my/watchlist: what the user watches, with the prices now and the change since each was added. */
export default function WatchlistScreen() {
  const fetchPage = useCallback((page: number, pageSize: number) => listWatches({ page, pageSize }), []);
  const list = usePagedList<WatchItem, 'watchlist'>(lists, 'watchlist', fetchPage, PAGE_SIZE);

  const remove = async (w: WatchItem) => {
    const res = await removeWatch({ kind: w.kind, id: w.id });
    if (isFailure(res)) return;
    setWatched(w.kind, w.id, false);
    lists.set(
      'watchlist',
      lists.get('watchlist').filter((x) => {
        const row = x as WatchItem;
        return row.kind !== w.kind || row.id !== w.id;
      }),
    );
    Toast.show({ content: '已取消關注' });
  };

  return (
    <div className="watchlist">
      <AlertList />
      <PagedFrame {...list} what="關注清單" endClassName="watchlist-end" emptyText={NOTHING_WATCHED}>
        <ul className="watch-list" aria-label="關注的項目">
          {list.items.map((w) => (
            <WatchRow key={`${w.kind}:${w.id}`} item={w} onRemove={(x) => void remove(x)} />
          ))}
        </ul>
      </PagedFrame>
    </div>
  );
}
