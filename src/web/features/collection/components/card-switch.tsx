/** An owner's on/off setting of a card (公開此卡, 接受出價): a button with role switch, its state in `aria-checked`. */
export function CardSwitch(props: { label: string; on: boolean; busy: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      role="switch"
      className="card-share-switch"
      aria-checked={props.on}
      aria-busy={props.busy || undefined}
      disabled={props.busy}
      onClick={props.onToggle}
    >
      <span className="card-share-track" aria-hidden="true">
        <span className="card-share-thumb" />
      </span>
      <span>{props.label}</span>
    </button>
  );
}
