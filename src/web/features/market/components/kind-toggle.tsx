import type { ItemKind } from '../../../../shared/schemas/market';

/** 卡牌 / 物品: which kind of item a listing form works on. */
export function KindToggle({ kind, onChange }: { kind: ItemKind; onChange: (k: ItemKind) => void }) {
  return (
    <div className="market-toggle" role="group" aria-label="類別">
      {(['card', 'goods'] as const).map((k) => (
        <button
          key={k}
          type="button"
          aria-pressed={kind === k}
          className="market-toggle-button"
          onClick={() => onChange(k)}
        >
          {k === 'card' ? '卡牌' : '物品'}
        </button>
      ))}
    </div>
  );
}
