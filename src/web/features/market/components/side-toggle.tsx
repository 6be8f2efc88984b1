/** 出售 / 求購: which side of the market a list shows (sell_type 0 or 1), as pressed toggle buttons. */
export function SideToggle({ side, onChange }: { side: 0 | 1; onChange: (side: 0 | 1) => void }) {
  return (
    <div className="market-toggle" role="group" aria-label="掛單類型">
      {([0, 1] as const).map((s) => (
        <button
          key={s}
          type="button"
          aria-pressed={side === s}
          className="market-toggle-button"
          onClick={() => onChange(s)}
        >
          {s === 0 ? '出售' : '求購'}
        </button>
      ))}
    </div>
  );
}
