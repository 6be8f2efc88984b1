import { SpinLoading } from 'antd-mobile';

/** The large centred spinner with top padding shown while a screen loads (seed §1). */
export function ScreenLoading({ label = '載入中…' }: { label?: string }) {
  return (
    <div className="screen-loading" role="status" aria-live="polite">
      <SpinLoading color="primary" style={{ '--size': '48px' }} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
