import { useState, type FormEvent } from 'react';
import { Button } from 'antd-mobile';
import { RARITIES, type Rarity } from '../../../../shared/constants';
import type { ItemKind } from '../../../../shared/market-labels';
import { getCardInfos } from '../../../api/get-card-infos';
import { isFailure } from '../../../lib/request';
import { useLoad } from '../../../lib/use-load';
import { dollarsToCents } from './market-params';
import { ThemeSelect } from '../../../components/theme-select';
import { LazyPopup } from '../../../components/lazy-popup';
import '../../../components/form-controls.css';

/** Themes for the filter, gathered from the catalogue's card infos (there is no theme list call). */
function useThemes() {
  const state = useLoad(async () => {
    const cards = await getCardInfos({ page: 1, pageSize: 50 });
    if (isFailure(cards)) return cards;
    const seen = new Map<string, string>();
    for (const c of cards) seen.set(c.theme.id, c.theme.name);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, []);
  return state.status === 'ready' ? state.data : [];
}

/** The market's filters as they stand in the query string (prices as typed, in HK$). */
export interface Filters {
  themeId?: string;
  rarity?: Rarity;
  min?: string;
  max?: string;
}

/** One end of the price range, typed in HK$ (empty: no bound). */
function PriceBound(props: {
  label: string;
  placeholder: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <input
      className="boxed-input market-input"
      inputMode="decimal"
      aria-label={props.label}
      placeholder={props.placeholder}
      value={props.value ?? ''}
      onChange={(e) => props.onChange(e.target.value || undefined)}
    />
  );
}

/** 篩選: theme and rarity (cards), price range; checked before they apply. */
export function FilterPanel({
  kind,
  initial,
  onApply,
  onClose,
}: {
  kind: ItemKind;
  initial: Filters;
  onApply: (f: Filters) => void;
  onClose: () => void;
}) {
  const themes = useThemes();
  const [f, setF] = useState<Filters>(initial);
  const [error, setError] = useState<string | null>(null);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const min = f.min ? dollarsToCents(f.min) : null;
    const max = f.max ? dollarsToCents(f.max) : null;
    if ((f.min && min === null) || (f.max && max === null)) return setError('價格請輸入金額，例如 120 或 88.5');
    if (min !== null && max !== null && min > max) return setError('最低價不可高於最高價');
    setError(null);
    onApply(f);
  };
  return (
    <form className="market-filter-panel" onSubmit={apply} aria-labelledby="market-filter-title">
      <h2 id="market-filter-title" className="market-section-title">
        篩選
      </h2>
      {kind === 'card' && (
        <>
          <label className="market-field">
            <span>卡冊</span>
            <ThemeSelect themes={themes} value={f.themeId} onChange={(id) => setF({ ...f, themeId: id })} />
          </label>
          <fieldset className="market-field">
            <legend>稀有度</legend>
            <div className="market-chips">
              {RARITIES.map((r) => (
                <button
                  key={r}
                  type="button"
                  className="market-chip"
                  aria-pressed={f.rarity === r}
                  onClick={() => setF({ ...f, rarity: f.rarity === r ? undefined : r })}
                >
                  <span className="visually-hidden">稀有度 </span>
                  {r}
                </button>
              ))}
            </div>
          </fieldset>
        </>
      )}
      <fieldset className="market-field">
        <legend>價格（港幣）</legend>
        <div className="market-price-range">
          <PriceBound label="最低價（港幣）" placeholder="最低" value={f.min} onChange={(min) => setF({ ...f, min })} />
          <span aria-hidden="true">至</span>
          <PriceBound label="最高價（港幣）" placeholder="最高" value={f.max} onChange={(max) => setF({ ...f, max })} />
        </div>
      </fieldset>
      {error && (
        <p className="market-error" role="alert">
          {error}
        </p>
      )}
      <div className="market-actions-row">
        <Button onClick={() => onApply({})}>清除篩選</Button>
        <Button color="primary" type="submit">
          套用
        </Button>
      </div>
      <Button block fill="none" onClick={onClose}>
        關閉
      </Button>
    </form>
  );
}

/** The 篩選 sheet (loaded after the page's load event, market-screen.tsx): the panel in antd-mobile's Popup. */
export function FilterSheet({ open, onClose, ...panel }: Parameters<typeof FilterPanel>[0] & { open: boolean }) {
  return (
    <LazyPopup visible={open} onMaskClick={onClose} onClose={onClose} destroyOnClose bodyClassName="market-popup">
      <div role="dialog" aria-label="篩選">
        <FilterPanel {...panel} onClose={onClose} />
      </div>
    </LazyPopup>
  );
}
