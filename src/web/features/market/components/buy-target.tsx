import { useState } from 'react';
import type { CardInfo, Product } from '../../../../shared/schemas/catalogue';
import type { ItemKind } from '../../../../shared/schemas/market';
import { ErrorState, LoadingState } from '../../../components/state-views';
import { getCardInfos } from '../../../api/get-card-infos';
import { getProducts } from '../../../api/get-products';
import { isFailure, type Failure } from '../../../lib/request';
import { useLoad } from '../../../lib/use-load';
import { KindToggle } from './kind-toggle';
import '../../../components/form-controls.css';

const PAGE = 50;

/** What a buy listing asks for, as the form shows it. */
export interface Target {
  kind: ItemKind;
  id: string;
  name: string;
  image: string;
  sub: string;
  /** A card's edition size (the serial range's upper end). */
  editionSize?: number | null;
}

export const cardTarget = (c: CardInfo): Target => ({
  kind: 'card',
  id: c.id,
  name: c.name,
  image: c.image,
  sub: `${c.rarity}・${c.theme.name}`,
  editionSize: c.editionSize,
});

export const productTarget = (p: Product): Target => ({
  kind: 'goods',
  id: p.id,
  name: p.name,
  image: p.image,
  sub: p.type === 1 ? '實物' : '其他',
});

/** A card info or product to bid for: given by the link, or chosen from the catalogue. */
export function TargetPicker({ onPick }: { onPick: (t: Target) => void }) {
  const [kind, setKind] = useState<ItemKind>('card');
  const state = useLoad(async (): Promise<Target[] | Failure> => {
    if (kind === 'card') {
      const cards = await getCardInfos({ page: 1, pageSize: PAGE });
      if (isFailure(cards)) return cards;
      return cards.map(cardTarget);
    }
    const [entity, other] = await Promise.all([
      getProducts({ type: 1, page: 1, pageSize: PAGE }),
      getProducts({ type: 0, page: 1, pageSize: PAGE }),
    ]);
    if (isFailure(entity)) return entity;
    if (isFailure(other)) return other;
    return [...entity, ...other].map(productTarget);
  }, [kind]);
  const [filter, setFilter] = useState('');
  const shown = state.status === 'ready' ? state.data.filter((t) => t.name.includes(filter.trim())) : [];
  return (
    <section className="market-section" aria-labelledby="target-title">
      <div className="market-toolbar flush">
        <h2 id="target-title" className="market-section-title">
          想求購甚麼？
        </h2>
        <KindToggle kind={kind} onChange={setKind} />
      </div>
      <input
        type="search"
        className="boxed-input market-input market-filter-input"
        aria-label="按名稱篩選"
        placeholder="輸入名稱篩選"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      {state.status === 'loading' ? (
        <LoadingState label="正在載入目錄…" />
      ) : state.status === 'error' ? (
        <ErrorState title="未能載入目錄" onRetry={state.reload} />
      ) : shown.length === 0 ? (
        <p className="market-muted">找不到相符的{kind === 'card' ? '卡牌' : '物品'}，試試其他名稱。</p>
      ) : (
        <ul className="market-picks">
          {shown.map((t) => (
            <li key={t.id}>
              <button type="button" className="market-pick market-pick-button" onClick={() => onPick(t)}>
                {t.image && <img src={t.image} alt="" />}
                <span className="market-pick-text">
                  <strong>{t.name}</strong>
                  <span>{t.sub}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
