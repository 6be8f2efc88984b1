import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState } from './state-views';

interface Props {
  children: ReactNode;
  /** What failed, for the title (e.g. 頁面, 橫額). */
  region?: string;
  /** Called before the region renders again after 重試 (e.g. to load a failed chunk anew). */
  onRetry?: () => void;
}

interface State {
  error: Error | null;
}

/**
 * An error boundary around one region (a screen, a carousel): the rest of the page keeps working.
 * Shows the failure, including the seed's generic chunk message, with a 重試 button.
 */
export class RegionBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(_error: unknown, _info: ErrorInfo): void {
    // Shown in the region; nothing else to do (no error reporting service yet).
  }

  private retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const isChunk = error.name === 'ChunkLoadError';
    return (
      <ErrorState
        title={isChunk ? `${this.props.region ?? '頁面'}未能載入` : `${this.props.region ?? '頁面'}出現問題`}
        description={
          <>
            <span>{isChunk ? '請檢查網絡連線，然後重試。' : '請重試；如問題持續，請稍後再來。'}</span>
            <br />
            <small className="error-detail">{error.message}</small>
          </>
        }
        onRetry={this.retry}
      />
    );
  }
}
