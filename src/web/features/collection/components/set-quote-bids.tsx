import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { formatHkd } from '../../../../shared/money';
import type { CreateSetBidsResult } from '../../../../shared/schemas/set-bids';
import type { SetQuoteUnlisted } from '../../../../shared/schemas/set-quote';
import { newIdempotencyKey } from '../../../api/create-pay-order';
import { checkPrice } from '../../../lib/check-price';
import { isFailure } from '../../../lib/request';
import { createSetBids } from '../api/create-set-bids';

/** Cents as the text of a price field: 「48」, 「48.50」. */
const asText = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

interface Row {
  on: boolean;
  price: string;
}

/**
 * The quote's cards nobody sells (decision 042, amended): each with a price to edit, prefilled with its market price
 * (else its mall price), and 「一次出價」, which places a bid for every ticked card through one pay order.
 */
export function SetQuoteBids({ themeId, cards }: { themeId: string; cards: SetQuoteUnlisted[] }) {
  const navigate = useNavigate();
  const [rows, setRows] = useState<Record<string, Row>>(() =>
    Object.fromEntries(cards.map((c) => [c.cardInfoId, { on: true, price: asText(c.suggestedBid) }])),
  );
  // One key per attempt: a retried tap answers the same order; a placed order starts a new attempt.
  const [key, setKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const [placed, setPlaced] = useState<CreateSetBidsResult | null>(null);

  const checked = cards.map((c) => {
    const row = rows[c.cardInfoId]!;
    const { cents, error } = checkPrice(row.price);
    return { card: c, row, cents, error: error ?? (cents === null ? '請輸入出價' : null) };
  });
  const chosen = checked.filter((c) => c.row.on);
  const ready = chosen.length > 0 && chosen.every((c) => c.cents !== null);
  const total = chosen.reduce((s, c) => s + (c.cents ?? 0), 0);
  const edit = (id: string, change: Partial<Row>) => setRows((r) => ({ ...r, [id]: { ...r[id]!, ...change } }));

  const place = async () => {
    if (!ready) return;
    setBusy(true);
    const res = await createSetBids(
      { themeId, cards: chosen.map((c) => ({ cardInfoId: c.card.cardInfoId, price: c.cents! })) },
      key,
    );
    setBusy(false);
    if (isFailure(res)) return;
    setKey(newIdempotencyKey());
    setPlaced(res);
  };

  if (placed)
    return (
      <section className="set-quote-placed" aria-live="polite">
        <p>
          已建立 {placed.listings.length} 張求購：{placed.listings.map((l) => `「${l.itemName}」`).join('、')}。 需預付{' '}
          <strong>{formatHkd(placed.amountCents)}</strong>，付款後求購即時生效，款項由平台託管至成交。
        </p>
        <Button
          block
          color="primary"
          onClick={() => navigate(`/mall/pay?orderNo=${encodeURIComponent(placed.orderNo)}`)}
        >
          前往付款
        </Button>
      </section>
    );

  return (
    <section className="set-quote-bid-form" aria-labelledby={`set-bids-${themeId}`}>
      <h4 id={`set-bids-${themeId}`}>市場上暫時沒有出售，可一次出價求購</h4>
      <ul className="set-quote-bids">
        {checked.map(({ card, row, error }) => {
          const id = `set-bid-${card.cardInfoId}`;
          return (
            <li key={card.cardInfoId}>
              <label className="set-quote-bid-pick">
                <input
                  type="checkbox"
                  checked={row.on}
                  onChange={(e) => edit(card.cardInfoId, { on: e.target.checked })}
                />
                求購「{card.name}」
              </label>
              <label htmlFor={id} className="field-hint">
                「{card.name}」出價（港幣）
                {card.marketPrice === null ? '（未有市價）' : `（市價 ${formatHkd(card.marketPrice)}）`}
              </label>
              <input
                id={id}
                className="set-quote-bid-price"
                inputMode="decimal"
                value={row.price}
                disabled={!row.on}
                aria-invalid={row.on && error !== null}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => edit(card.cardInfoId, { price: e.target.value })}
              />
              {row.on && error && (
                <span id={`${id}-error`} className="field-error" role="alert">
                  {error}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <p className="field-hint">需預付各張出價的總和，款項由平台託管；7 日內未成交會退回錢包餘額。</p>
      <Button block color="primary" fill="outline" disabled={!ready} loading={busy} onClick={place}>
        一次出價 {formatHkd(total)}
      </Button>
    </section>
  );
}
