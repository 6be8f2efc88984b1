import { formatHkd } from '../../shared/money';
import type { MarketPrice } from '../../shared/schemas/prices';
import './market-price.css';

/** 「市場價 HK$x（n 筆）」 and 「成交稀少」 under 5 sales: the median of honest recent sales (decision 032). */
export function MarketPriceText({ value, label = '市場價' }: { value: MarketPrice; label?: string | null }) {
  const lead = label ? `${label} ` : '';
  if (value.price === null) return <span className="market-price">{lead}—（未有成交）</span>;
  return (
    <span className="market-price">
      {lead}
      {formatHkd(value.price)}（{value.sample} 筆）
      {value.thin && <span className="market-price-thin">成交稀少</span>}
    </span>
  );
}
