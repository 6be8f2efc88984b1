import type { ReactNode } from 'react';
import { InfiniteScroll } from 'antd-mobile';
import { EmptyState, ErrorState, LoadingState } from '../../../components/state-views';
import type { FirstPage } from './use-paged-list';

/** Loading, empty, error and "load more" around a paged list. */
export function PagedFrame({
  first,
  empty,
  hasMore,
  loadMore,
  reload,
  what,
  emptyText,
  children,
}: {
  first: FirstPage;
  empty: boolean;
  hasMore: boolean;
  loadMore: () => Promise<void>;
  reload: () => void;
  what: string;
  emptyText: { title: string; description: ReactNode; action?: ReactNode };
  children: ReactNode;
}) {
  if (first === 'error') return <ErrorState title={`未能載入${what}`} onRetry={reload} />;
  return (
    <>
      {first === 'ready' && empty ? <EmptyState {...emptyText} /> : children}
      <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
        {(more, failed, retryPage) =>
          first === 'loading' && empty ? (
            <LoadingState label={`正在載入${what}…`} />
          ) : failed ? (
            <span className="collection-list-end">
              未能載入更多。
              <button type="button" className="link-button" onClick={retryPage}>
                重試
              </button>
            </span>
          ) : more ? (
            <span className="collection-list-end">載入中…</span>
          ) : empty ? null : (
            <span className="collection-list-end">已經到底了</span>
          )
        }
      </InfiniteScroll>
    </>
  );
}
