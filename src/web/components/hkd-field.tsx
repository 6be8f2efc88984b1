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
