import type { ReactNode } from 'react';
import { checkedInputProps } from '../lib/checked-input';

/**
 * A labelled amount in HK$ (the price alert's and the counter-offer's field): typed as text, checked by the form,
 * with the note under it (`noteId`, by default `<id>-note`) and the form's error (`errorId`, by default `<id>-error`,
 * shown when there is one), both describing it.
 */
export function HkdField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  error: string | null;
  note: ReactNode;
  noteId?: string;
  errorId?: string;
}) {
  const noteId = props.noteId ?? `${props.id}-note`;
  const errorId = props.errorId ?? `${props.id}-error`;
  const describedBy = [props.error ? errorId : null, noteId].filter(Boolean).join(' ');
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
          placeholder="0.00"
          {...checkedInputProps(props.value, props.onChange, props.error)}
          aria-describedby={describedBy}
        />
      </div>
      <p id={noteId} className="price-alert-note">
        {props.note}
      </p>
      {props.error && (
        <p id={errorId} className="price-alert-error" role="alert">
          {props.error}
        </p>
      )}
    </>
  );
}
