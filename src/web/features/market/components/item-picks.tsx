import type { ConsignableItem } from '../../../../shared/schemas/market';

/** The user's own items as a radio group (one picked), each with its picture, name and a second line. */
export function ItemPicks({
  name,
  label,
  labelledBy,
  items,
  picked,
  onPick,
  title,
  sub,
}: {
  name: string;
  label?: string;
  labelledBy?: string;
  items: ConsignableItem[];
  picked: string | null;
  onPick: (itemId: string) => void;
  title: (item: ConsignableItem) => string;
  sub: (item: ConsignableItem) => string;
}) {
  return (
    <div className="market-picks" role="radiogroup" aria-label={label} aria-labelledby={labelledBy}>
      {items.map((i) => (
        <div key={i.itemId}>
          <label className={picked === i.itemId ? 'market-pick selected' : 'market-pick'}>
            <input
              type="radio"
              name={name}
              value={i.itemId}
              checked={picked === i.itemId}
              onChange={() => onPick(i.itemId)}
            />
            {i.itemImage && <img src={i.itemImage} alt="" />}
            <span className="market-pick-text">
              <strong>{title(i)}</strong>
              <span>{sub(i)}</span>
            </span>
          </label>
        </div>
      ))}
    </div>
  );
}
