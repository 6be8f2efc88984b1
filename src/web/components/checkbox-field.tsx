import type { ChangeEvent, ReactNode } from 'react';

/**
 * A native checkbox with its label, as an antd-mobile Form.Item child (`valuePropName="checked"`).
 * antd-mobile's Checkbox hides its input with display: none, so it never takes keyboard focus.
 */
export function CheckboxField({
  id,
  checked,
  onChange,
  label,
  disabled,
}: {
  id?: string;
  checked?: boolean;
  onChange?: (e: ChangeEvent<HTMLInputElement>) => void;
  label: ReactNode;
  disabled?: boolean;
}) {
  return (
    <label className="choice-row" htmlFor={id}>
      <input id={id} type="checkbox" checked={checked ?? false} onChange={onChange} disabled={disabled} />
      <span>{label}</span>
    </label>
  );
}
