import { formatHkd } from '../../../../shared/money';
import { marketFee } from '../../../../shared/schemas/market';
import { checkedInputProps } from '../../../lib/checked-input';
import '../../../components/pairs-list.css';
import '../../../components/form-controls.css';

/** A listing's time to live in whole days (SELL_LISTING_TTL_MS → 30). */
export const ttlDays = (ms: number) => Math.round(ms / 86_400_000);

/** Price field with the market's reference prices beside it. */
export function PriceInput({
  id,
  label,
  value,
  onChange,
  error,
  refs,
  describedBy,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error: string | null;
  refs: [string, number | null][];
  describedBy?: string;
}) {
  const ids = [error ? `${id}-error` : null, `${id}-refs`, describedBy].filter(Boolean).join(' ');
  return (
    <div className="market-price-field">
      <label htmlFor={id} className="market-section-title">
        {label}
      </label>
      <div className="market-price-input">
        <span aria-hidden="true">HK$</span>
        <input
          id={id}
          className="boxed-input market-input"
          inputMode="decimal"
          placeholder="0.00"
          {...checkedInputProps(value, onChange, error)}
          aria-describedby={ids}
        />
      </div>
      <dl className="market-facts" id={`${id}-refs`}>
        {refs.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v === null ? '—' : formatHkd(v)}</dd>
          </div>
        ))}
      </dl>
      {error && (
        <p id={`${id}-error`} className="market-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Price, fee (5 %, at least HK$1) and what the seller receives: the same sums the server books. The labels name
 * the summary, the price and the proceeds (selling into a bid: 賣出金額, 出價, 你會收到).
 */
export function FeeSummary({
  cents,
  label = '手續費及實收',
  priceLabel = '售價',
  proceedsLabel = '成交後你會收到',
}: {
  cents: number;
  label?: string;
  priceLabel?: string;
  proceedsLabel?: string;
}) {
  const { fee, proceeds } = marketFee(cents);
  return (
    <dl className="pairs-list market-summary" aria-label={label}>
      <div>
        <dt>{priceLabel}</dt>
        <dd>{formatHkd(cents)}</dd>
      </div>
      <div>
        <dt>手續費（5%，最少 HK$1）</dt>
        <dd>−{formatHkd(fee)}</dd>
      </div>
      <div>
        <dt>{proceedsLabel}</dt>
        <dd>{formatHkd(proceeds)}</dd>
      </div>
    </dl>
  );
}
