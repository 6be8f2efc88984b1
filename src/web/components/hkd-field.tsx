import { dollarsToCents } from '../../shared/money';
import { PriceSchema } from '../../shared/schemas/market-requests';

/** The price typed in HK$ → cents, checked by the server's own schema (its zh-HK message); blank is no error yet. */
export function checkHkdPrice(text: string): { cents: number | null; error: string | null } {
  if (!text.trim()) return { cents: null, error: null };
  const cents = dollarsToCents(text);
  if (cents === null) return { cents: null, error: '請輸入金額，例如 120 或 88.50' };
  const parsed = PriceSchema.safeParse(cents);
  return parsed.success
    ? { cents, error: null }
    : { cents: null, error: parsed.error.issues[0]?.message ?? '價格不正確' };
}

/** A labelled amount in HK$ (the price alert's and the counter-offer's field): typed as text, checked by the form. */
export function HkdField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  invalid: boolean;
  describedBy?: string;
}) {
  return (
    <>
      <label htmlFor={props.id} className="price-alert-label">
        {props.label}
      </label>
      <div className="price-alert-input">
        <span aria-hidden="true">HK$</span>
        <input
          id={props.id}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          aria-invalid={props.invalid ? true : undefined}
          aria-describedby={props.describedBy}
        />
      </div>
    </>
  );
}
