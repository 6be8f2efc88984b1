import { useLayoutEffect, useRef } from 'react';
import { Stepper } from 'antd-mobile';

interface Props {
  label: string;
  min: number;
  max: number;
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}

/**
 * antd-mobile's Stepper with its text box named: the library names only the outer box and copies the
 * spinbutton's aria-value* onto the input's wrapper, where they are not allowed (axe: label,
 * aria-allowed-attr). After every render (React puts them back when the value changes) the wrapper
 * loses them and the spinbutton gets the label.
 */
export function QuantityStepper({ label, ...props }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const wrapper = ref.current?.querySelector('.adm-stepper-input');
    if (!wrapper) return;
    for (const name of ['aria-valuenow', 'aria-valuemax', 'aria-valuemin']) wrapper.removeAttribute(name);
    wrapper.querySelector('input')?.setAttribute('aria-label', label);
  });
  return (
    <div ref={ref} role="group" aria-label={label}>
      <Stepper {...props} />
    </div>
  );
}
