import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TabStrip } from './tab-strip';

const ITEMS = [
  { key: 'card', title: '卡牌' },
  { key: 'entity', title: '實物' },
  { key: 'other', title: '其他' },
] as const;
type Key = (typeof ITEMS)[number]['key'];

function Strip({ onChange }: { onChange?: (k: Key) => void }) {
  const [key, setKey] = useState<Key>('card');
  return (
    <TabStrip
      items={ITEMS}
      activeKey={key}
      className="mall-tabs"
      onChange={(k) => {
        onChange?.(k);
        setKey(k);
      }}
    />
  );
}

const classesOf = (el: Element | null) => [...(el?.classList ?? [])];
const attr = (el: Element, name: string) => el.getAttribute(name);

describe('TabStrip', () => {
  it("draws antd-mobile's tab header: a tablist whose selected tab alone is in the Tab order", () => {
    const { container } = render(<Strip />);
    expect(classesOf(container.firstElementChild)).toEqual(['adm-tabs', 'mall-tabs']);
    expect(classesOf(screen.getByRole('tablist'))).toEqual(['adm-tabs-tab-list']);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['卡牌', '實物', '其他']);
    expect(attr(screen.getByRole('tab', { name: '卡牌', selected: true }), 'tabindex')).toBe('0');
    expect(attr(screen.getByRole('tab', { name: '實物' }), 'tabindex')).toBe('-1');
    expect(classesOf(screen.getByRole('tab', { name: '卡牌' }))).toEqual(['adm-tabs-tab', 'adm-tabs-tab-active']);
  });

  it('changes tab on a tap, not when the selected tab is tapped again', () => {
    const onChange = vi.fn();
    render(<Strip onChange={onChange} />);
    fireEvent.click(screen.getByRole('tab', { name: '卡牌' }));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('tab', { name: '其他' }));
    expect(onChange).toHaveBeenCalledWith('other');
    expect(screen.getByRole('tab', { name: '其他', selected: true }).textContent).toBe('其他');
  });

  it('moves with the arrow keys, round the ends, and focuses the tab it selects', () => {
    render(<Strip />);
    const list = screen.getByRole('tablist');
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '實物', selected: true }));
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '其他', selected: true }));
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '卡牌', selected: true }));
  });
});
