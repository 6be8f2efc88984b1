import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { isFailure, type Failure } from './request';
import { useList, type ListStore } from './stores';

export type FirstPage = 'loading' | 'ready' | 'error';

/**
 * Infinite scroll over a list endpoint (PRODUCT.md §5: `page`, `pageSize`, a short page is the
 * end), kept in one of the seed's list stores. `deps` restart from page 1 (e.g. another filter or
 * tab), and so does `reload` (alias `retry`). `loadMore` throws on a failed later page so
 * antd-mobile's InfiniteScroll offers its own retry.
 */
export function usePagedList<T, K extends string>(
  store: ListStore<K>,
  key: K,
  fetchPage: (page: number, pageSize: number) => Promise<T[] | Failure>,
  pageSize: number,
  deps: readonly unknown[] = [],
) {
  // The store may hold a list from an earlier visit: start empty (before anything subscribes).
  useState(() => store.set(key, []));
  const items = useList<T, K>(store, key);
  const [hasMore, setHasMore] = useState(true);
  const [first, setFirst] = useState<FirstPage>('loading');
  const [generation, setGeneration] = useState(0);
  const page = useRef(0);
  const live = useRef(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  // A layout effect, so the restart lands before InfiniteScroll's own (passive) effect asks for
  // page 1; with a passive effect that first answer would be dropped and page 1 asked for twice.
  useLayoutEffect(() => {
    live.current += 1;
    page.current = 0;
    if (store.get(key).length > 0) store.set(key, []);
    setFirst('loading');
    setHasMore(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [generation, store, key, ...deps]);

  const loadMore = useCallback(async () => {
    const run = live.current;
    const next = page.current + 1;
    const result = await fetchRef.current(next, pageSize);
    if (run !== live.current) return;
    if (isFailure(result)) {
      if (next === 1) {
        setFirst('error');
        setHasMore(false);
        return;
      }
      throw new Error(result.msg || '載入失敗');
    }
    store.set(key, next === 1 ? result : [...store.get(key), ...result]);
    page.current = next;
    setFirst('ready');
    setHasMore(result.length === pageSize);
  }, [store, key, pageSize]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { items, hasMore, first, loadMore, reload, retry: reload };
}
