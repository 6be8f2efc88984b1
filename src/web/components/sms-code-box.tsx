import type { RefObject } from 'react';

/** The text box of a 6-digit SMS code (digits keyboard, one-time-code autofill), inside a code field. */
export function SmsCodeBox({
  ref,
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  ref: RefObject<HTMLInputElement | null>;
  id?: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  return (
    <input
      ref={ref}
      id={id}
      className="text-input"
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="6 位數字驗證碼"
      maxLength={6}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
    />
  );
}
