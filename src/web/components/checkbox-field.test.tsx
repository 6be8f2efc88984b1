import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CheckboxField } from './checkbox-field';

function Consent() {
  const [checked, setChecked] = useState(false);
  return (
    <CheckboxField
      label="我已閱讀並同意私隱政策"
      hint="須同意私隱政策才可註冊。"
      checked={checked}
      onChange={(e) => setChecked(e.target.checked)}
    />
  );
}

describe('CheckboxField', () => {
  it('points out its hint while unticked, as the checkbox description, and drops it once ticked', () => {
    render(<Consent />);
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: '我已閱讀並同意私隱政策' });
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      '須同意私隱政策才可註冊。',
    );
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    expect(box.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText('須同意私隱政策才可註冊。')).toBeNull();
  });
});
