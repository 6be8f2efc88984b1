import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
// antd-mobile's own styles for its InfiniteScroll (CSS only, no script): the end-of-list line looks as it did.
import 'antd-mobile/es/components/infinite-scroll/infinite-scroll.css';

/** How far below the screen's bottom the end of the list starts the next page (antd-mobile's default). */
const THRESHOLD_PX = 250;

/**
 * The end of a paged list, which asks for the next page once it comes within 250 px of the screen's bottom: antd-mobile's
 * InfiniteScroll (same element and class, same checks: after every render and as the page scrolls, one page at a
 * time, none after a failure until `retry`), without its helper libraries, so the list screens a shared link opens
 * do not fetch them before the load event (decision 035). The scrolling is seen through an IntersectionObserver.
 */
export function LoadMore({
  hasMore,
  loadMore,
  children,
}: {
  hasMore: boolean;
  loadMore: () => Promise<void>;
  children: (hasMore: boolean, failed: boolean, retry: () => void) => ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const busy = useRef(false);
  const [failed, setFailed] = useState(false);
  const [, setTick] = useState(0);
  const recheck = useCallback(() => setTick((n) => n + 1), []);

  const load = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      await loadMore();
    } catch {
      setFailed(true);
    } finally {
      busy.current = false;
      recheck();
    }
  }, [loadMore, recheck]);

  // As the end of the list comes near the screen (or moves away), check again.
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(recheck, { rootMargin: `0px 0px ${THRESHOLD_PX}px 0px` });
    observer.observe(el);
    return () => observer.disconnect();
  }, [recheck]);

  // After every render (a page came in, the list changed): the next page, if the end is still near.
  useEffect(() => {
    const el = ref.current;
    if (!el || !hasMore || failed || busy.current || !el.offsetParent) return;
    if (el.getBoundingClientRect().top - THRESHOLD_PX <= window.innerHeight) void load();
  });

  const retry = () => {
    setFailed(false);
    void load();
  };
  return (
    <div className="adm-infinite-scroll" ref={ref}>
      {children(hasMore, failed, retry)}
    </div>
  );
}
