import { LISTING_SIDE_LABELS, LISTING_SIDES, type ListingSide } from '../../../../shared/market-labels';

/** 出售 / 求購: which side of the market a list shows, as pressed toggle buttons. */
export function SideToggle({ side, onChange }: { side: ListingSide; onChange: (side: ListingSide) => void }) {
  return (
    <div className="market-toggle" role="group" aria-label="掛單類型">
      {LISTING_SIDES.map((s) => (
        <button
          key={s}
          type="button"
          aria-pressed={side === s}
          className="market-toggle-button"
          onClick={() => onChange(s)}
        >
          {LISTING_SIDE_LABELS[s]}
        </button>
      ))}
    </div>
  );
}
