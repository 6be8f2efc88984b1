import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createErrorBlock } from 'antd-mobile';

type Picture = 'emptyImage' | 'defaultImage';

/**
 * ErrorBlock's picture, loaded on demand: the pictures are a quarter of what the first screen would
 * otherwise download, and are only needed when a region is empty or failed. The picture's box has a
 * fixed height (antd-mobile's CSS), so nothing moves when it arrives; offline it stays empty.
 */
function lazyPicture(name: Picture) {
  const Picture = lazy((): Promise<{ default: ComponentType }> =>
    import('./state-illustrations').then(
      (m) => ({ default: () => m[name] }),
      () => ({ default: () => null }),
    ),
  );
  return (
    <Suspense fallback={null}>
      <Picture />
    </Suspense>
  );
}

const StateBlock = createErrorBlock({
  default: lazyPicture('defaultImage'),
  empty: lazyPicture('emptyImage'),
  disconnected: lazyPicture('defaultImage'),
  busy: lazyPicture('defaultImage'),
});

/**
 * The action of a state block, styled like antd-mobile's outline Button (global.css): these blocks are part
 * of every screen's first download, where antd-mobile's Button would bring its loading animation too.
 */
export function StateButton({
  onClick,
  children,
  solid = false,
}: {
  onClick: () => void;
  children: ReactNode;
  solid?: boolean;
}) {
  return (
    <button
      type="button"
      className={solid ? 'state-button outline-button state-button-solid' : 'state-button outline-button'}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** A region's loading state: a small spinner with a spoken label. */
export function LoadingState({ label = '載入中…' }: { label?: string }) {
  return (
    <div className="state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="state-loading-text">{label}</span>
    </div>
  );
}

/** Nothing to show yet: says so, and what to do next. */
export function EmptyState({
  title,
  description,
  action,
}: {
  title: string;
  description: ReactNode;
  action?: ReactNode;
}) {
  return (
    <StateBlock status="empty" title={title} description={description} className="state-block">
      {action}
    </StateBlock>
  );
}

/** A region that could not load its data, with a retry. */
export function ErrorState({
  title = '未能載入內容',
  description = '請檢查網絡連線，然後再試一次。',
  onRetry,
}: {
  title?: string;
  description?: ReactNode;
  onRetry?: () => void;
}) {
  return (
    <div role="alert">
      <StateBlock status="default" title={title} description={description} className="state-block">
        {onRetry && <StateButton onClick={onRetry}>重試</StateButton>}
      </StateBlock>
    </div>
  );
}
