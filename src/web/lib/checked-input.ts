import type { ChangeEvent } from 'react';

/**
 * The props of a text field that is typed freely and checked by its form (an amount, a percentage): no autofill, the
 * text and its change, and `aria-invalid` while the form's check finds an error.
 */
export function checkedInputProps(value: string, onChange: (text: string) => void, error: unknown) {
  return {
    autoComplete: 'off',
    value,
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value),
    'aria-invalid': error ? true : undefined,
  } as const;
}
