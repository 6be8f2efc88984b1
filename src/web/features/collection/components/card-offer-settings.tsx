import { useState } from 'react';
import { Button } from 'antd-mobile';
import type { CardDetail } from '../../../../shared/schemas/collection';
import type { OfferSettings } from '../../../../shared/schemas/offers';
import { checkedInputProps } from '../../../lib/checked-input';
import { isFailure } from '../../../lib/request';
import { useLoad } from '../../../lib/use-load';
import { getOfferSettings, saveOfferSettings } from '../api/offer-settings';
import { CardSwitch } from './card-switch';
import '../card-share.css';

/** The share typed (blank: none) → 1 – 100, null for none, or the zh-HK reason it is not one. */
export function checkPct(text: string): { pct: number | null; error: string | null } {
  const t = text.trim();
  if (!t) return { pct: null, error: null };
  const n = Number(t);
  if (!/^\d+$/.test(t) || n < 1 || n > 100) return { pct: null, error: '請輸入 1 至 100 的整數，或留空' };
  return { pct: n, error: null };
}

function Controls({ card, initial }: { card: CardDetail; initial: OfferSettings }) {
  const [saved, setSaved] = useState(initial);
  const [text, setText] = useState(initial.autoDeclinePct === null ? '' : String(initial.autoDeclinePct));
  const [busy, setBusy] = useState(false);
  const { pct, error } = checkPct(text);

  const save = async (next: { allowOffers: boolean; autoDeclinePct: number | null }) => {
    setBusy(true);
    const res = await saveOfferSettings({ kind: 'card', itemId: card.id, ...next });
    setBusy(false);
    if (!isFailure(res)) setSaved(res);
  };
  const on = saved.allowOffers;
  return (
    <div className="card-share card-offers">
      <CardSwitch
        label="接受出價"
        on={on}
        busy={busy}
        onToggle={() => void save({ allowOffers: !on, autoDeclinePct: saved.autoDeclinePct })}
      />
      {on && (
        <form
          className="card-offers-pct"
          aria-label="自動拒絕出價設定"
          onSubmit={(e) => {
            e.preventDefault();
            if (!error) void save({ allowOffers: true, autoDeclinePct: pct });
          }}
        >
          <label htmlFor="offer-auto-decline">自動拒絕低於市價（%）</label>
          <input
            id="offer-auto-decline"
            className="boxed-input"
            inputMode="numeric"
            placeholder="不設"
            {...checkedInputProps(text, setText, error)}
            aria-describedby={error ? 'offer-auto-decline-error' : 'offer-auto-decline-hint'}
          />
          <Button type="submit" size="small" loading={busy} disabled={Boolean(error)}>
            儲存
          </Button>
          {error ? (
            <p id="offer-auto-decline-error" className="field-error" role="alert">
              {error}
            </p>
          ) : (
            <p id="offer-auto-decline-hint" className="field-hint card-share-hint">
              {saved.autoDeclinePct === null
                ? '任何價格的出價都會送到你手上'
                : `低於市價 ${saved.autoDeclinePct}% 的出價會自動拒絕`}
            </p>
          )}
        </form>
      )}
      {!on && <p className="field-hint card-share-hint">其他用戶不能向此卡出價</p>}
    </div>
  );
}

/**
 * The owner's 「接受出價」 switch (issue 24: offers are allowed by default, with a switch on the item) and the share of
 * the market price under which offers are declined at once. Shown on an owned card that is not consumed.
 */
export function CardOfferSettings({ card }: { card: CardDetail }) {
  const show = card.mine && card.status !== 'consumed';
  const state = useLoad(() => (show ? getOfferSettings('card', card.id) : Promise.resolve(null)), [card.id, show]);
  if (!show || state.status !== 'ready' || !state.data) return null;
  return <Controls card={card} initial={state.data} />;
}
