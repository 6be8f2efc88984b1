import type { ReactNode } from 'react';
import { Button, ErrorBlock, SpinLoading } from 'antd-mobile';

/** A region's loading state: a small spinner with a spoken label. */
export function LoadingState({ label = '載入中…' }: { label?: string }) {
  return (
    <div className="state-loading" role="status" aria-live="polite">
      <SpinLoading color="primary" style={{ '--size': '28px' }} aria-hidden="true" />
      <span className="state-loading-text">{label}</span>
    </div>
  );
}

/** Nothing to show yet: says so, and what to do next. */
export function EmptyState({ title, description, action }: { title: string; description: ReactNode; action?: ReactNode }) {
  return (
    <ErrorBlock status="empty" title={title} description={description} className="state-block">
      {action}
    </ErrorBlock>
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
      <ErrorBlock status="default" title={title} description={description} className="state-block">
        {onRetry && (
          <Button color="primary" fill="outline" onClick={onRetry}>
            重試
          </Button>
        )}
      </ErrorBlock>
    </div>
  );
}
