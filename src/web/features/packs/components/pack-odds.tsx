import type { PackPoolCard, PackSeriesDetail } from '../../../../shared/schemas/packs';
import { RarityTag } from '../../../components/rarity-tag';
import { PackPart } from './pack-part';

/** A chance as the screen shows it: `12.35%`, `0%` when nothing remains. */
export const formatChance = (p: number): string => `${(p * 100).toFixed(p > 0 && p < 0.0001 ? 4 : 2)}%`;

/** Units left of a line: `尚餘 3／10 張`. */
const left = (o: { remaining: number; count: number }) => `尚餘 ${o.remaining}／${o.count} 張`;

function CardLine({ card }: { card: PackPoolCard }) {
  return (
    <li className="pack-odds-card">
      <img src={card.image} alt="" width={40} height={56} loading="lazy" />
      <span className="pack-odds-name">
        {card.name}
        <span className="pack-odds-left">{left(card)}</span>
      </span>
      <RarityTag rarity={card.rarity} />
      <strong className="pack-odds-chance">{formatChance(card.probability)}</strong>
    </li>
  );
}

/**
 * 機率: the live chance that one drawn card is of each rarity and is each card, computed by the server from what
 * remains of the pool (never typed by hand), with the units left.
 */
export function PackOdds({ pack }: { pack: PackSeriesDetail }) {
  return (
    <PackPart
      id="pack-odds-title"
      title="即時機率"
      hint={`按卡池尚餘的 ${pack.unitsRemaining}／${pack.unitsTotal} 張計算：每抽一張卡，抽中以下各項的機會。`}
    >
      <table className="pack-rarity-odds">
        <caption className="visually-hidden">各稀有度的機率</caption>
        <thead>
          <tr>
            <th scope="col">稀有度</th>
            <th scope="col">尚餘</th>
            <th scope="col">機率</th>
          </tr>
        </thead>
        <tbody>
          {pack.rarityOdds.map((r) => (
            <tr key={r.rarity}>
              <th scope="row">
                <RarityTag rarity={r.rarity} />
              </th>
              <td>
                {r.remaining}／{r.count}
              </td>
              <td>{formatChance(r.probability)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h4 className="pack-subtitle">每款卡牌</h4>
      <ul className="pack-odds-cards" aria-label="每款卡牌的機率">
        {pack.pool.map((c) => (
          <CardLine key={c.cardInfoId} card={c} />
        ))}
      </ul>
    </PackPart>
  );
}
