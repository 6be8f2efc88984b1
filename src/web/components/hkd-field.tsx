import type { ReactNode } from 'react';

/**
 * A labelled amount in HK$ (the price alert's and the counter-offer's field): typed as text, checked by the form,
 * with the note under it (`noteId`) and the form's error (`errorId`, shown when there is one), both describing it.
 */
export function HkdField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  error: string | null;
  note: ReactNode;
  noteId: string;
  errorId: string;
}) {
  const describedBy = [props.error ? props.errorId : null, props.noteId].filter(Boolean).join(' ');
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
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy}
        />
      </div>
      <p id={props.noteId} className="price-alert-note">
        {props.note}
      </p>
      {props.error && (
        <p id={props.errorId} className="price-alert-error" role="alert">
          {props.error}
        </p>
      )}
    </>
  );
}
