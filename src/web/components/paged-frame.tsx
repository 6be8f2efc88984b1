import type { ReactNode } from 'react';
import type { FirstPage } from '../lib/use-paged-list';
import { LoadMore } from './load-more';
import { EmptyState, ErrorState, LoadingState } from './state-views';

/**
 * Loading, empty, error and "load more" around a list from `usePagedList`. `what` names the
 * rows in the messages (未能載入商品); `endClassName` styles the end-of-list lines.
 */
export function PagedFrame({
  first,
  items,
  hasMore,
  loadMore,
  reload,
  what,
  emptyText,
  endClassName,
  children,
}: {
  first: FirstPage;
  /** The rows loaded so far (none: the list is empty). */
  items: readonly unknown[];
  hasMore: boolean;
  loadMore: () => Promise<void>;
  reload: () => void;
  what: string;
  emptyText: { title: string; description: ReactNode; action?: ReactNode };
  endClassName: string;
  children: ReactNode;
}) {
  if (first === 'error') return <ErrorState title={`未能載入${what}`} onRetry={reload} />;
  const empty = items.length === 0;
  const firstLoad = first === 'loading' && empty;
  return (
    <>
      {first === 'ready' && empty ? <EmptyState {...emptyText} /> : children}
      {/* A new element once the first page is in: the one that showed the spinner would otherwise be pushed
          down past the rows, a layout shift (CLS) on every list screen. */}
      <LoadMore key={firstLoad ? 'first-page' : 'more'} loadMore={loadMore} hasMore={hasMore}>
        {(more, failed, retryPage) =>
          firstLoad ? (
            <LoadingState label={`正在載入${what}…`} />
          ) : failed ? (
            <span className={endClassName}>
              未能載入更多。
              <button type="button" className="link-button" onClick={retryPage}>
                重試
              </button>
            </span>
          ) : more ? (
            <span className={endClassName}>載入中…</span>
          ) : empty ? null : (
            <span className={endClassName}>已經到底了</span>
          )
        }
      </LoadMore>
    </>
  );
}
