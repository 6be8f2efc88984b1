import { useId, type ChangeEvent, type ReactNode } from 'react';

/**
 * A native checkbox with its label, as an antd-mobile Form.Item child (`valuePropName="checked"`).
 * antd-mobile's Checkbox hides its input with display: none, so it never takes keyboard focus.
 * `hint`, while unticked: a line under it (and the checkbox's description) saying what ticking it is needed for.
 */
export function CheckboxField({
  id,
  checked,
  onChange,
  label,
  disabled,
  hint,
}: {
  id?: string;
  checked?: boolean;
  onChange?: (e: ChangeEvent<HTMLInputElement>) => void;
  label: ReactNode;
  disabled?: boolean;
  hint?: string;
}) {
  const hintId = useId();
  const showHint = hint !== undefined && !checked;
  return (
    <>
      <label className="choice-row" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked ?? false}
          onChange={onChange}
          disabled={disabled}
          aria-describedby={showHint ? hintId : undefined}
        />
        <span>{label}</span>
      </label>
      {showHint && (
        <p id={hintId} className="choice-hint">
          {hint}
        </p>
      )}
    </>
  );
}
