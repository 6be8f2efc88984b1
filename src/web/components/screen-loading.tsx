/** The large centred spinner with top padding shown while a screen loads (seed §1); plain CSS, like the boot spinner in index.html. */
export function ScreenLoading({ label = '載入中…' }: { label?: string }) {
  return (
    <div className="screen-loading" role="status" aria-live="polite">
      <span className="spinner spinner-large" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
