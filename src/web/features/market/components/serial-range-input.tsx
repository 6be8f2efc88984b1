import { CreateListingBodySchema } from '../../../../shared/schemas/market';
import '../../../components/form-controls.css';
import { SELL_TYPE } from '../../../../shared/market-labels';

export interface SerialRangeText {
  min: string;
  max: string;
}

/**
 * A card bid's serial range as typed → the body's `serialMin`/`serialMax` and the shared schema's zh-HK message (the
 * server's own rule). Both empty: any serial. One serial: only 「起始」, or both the same.
 */
export function checkSerialRange(
  text: SerialRangeText,
  cardInfoId: string,
): { range: { serialMin?: number; serialMax?: number }; error: string | null } {
  const min = text.min.trim();
  const max = text.max.trim() || min;
  if (!min && !max) return { range: {}, error: null };
  const num = (v: string) => (v === '' ? undefined : /^\d+$/.test(v) ? Number(v) : Number.NaN);
  const range = { serialMin: num(min), serialMax: num(max) };
  if (Number.isNaN(range.serialMin) || Number.isNaN(range.serialMax)) return { range, error: '序號必須是整數' };
  const parsed = CreateListingBodySchema.safeParse({
    sell_type: SELL_TYPE.buy,
    kind: 'card',
    cardInfoId,
    price: 100,
    ...range,
  });
  const issue = parsed.success
    ? undefined
    : parsed.error.issues.find((i) => i.path[0] === 'serialMin' || i.path[0] === 'serialMax');
  return { range, error: issue?.message ?? null };
}

/** 指定序號（選填）: from and to, for a card bid. */
export function SerialRangeInput({
  value,
  onChange,
  error,
  editionSize,
}: {
  value: SerialRangeText;
  onChange: (v: SerialRangeText) => void;
  error: string | null;
  editionSize: number | null;
}) {
  const field = (key: keyof SerialRangeText, label: string) => (
    <label className="market-serial-field">
      <span>{label}</span>
      <input
        className="boxed-input market-input"
        inputMode="numeric"
        autoComplete="off"
        value={value[key]}
        onChange={(e) => onChange({ ...value, [key]: e.target.value })}
        aria-invalid={error ? true : undefined}
        aria-describedby="bid-serial-help"
      />
    </label>
  );
  return (
    <fieldset className="market-serial-range">
      <legend className="market-section-title">指定序號（選填）</legend>
      <div className="market-serial-fields">
        {field('min', '起始序號')}
        {field('max', '結束序號')}
      </div>
      <p id="bid-serial-help" className={error ? 'market-error' : 'market-muted'} role={error ? 'alert' : undefined}>
        {error ??
          `留空即任何序號；只要一個序號時只填起始序號。${editionSize ? `此卡牌限量 ${editionSize} 張。` : ''}只有序號在範圍內的卡牌可以賣給你。`}
      </p>
    </fieldset>
  );
}
