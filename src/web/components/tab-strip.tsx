import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
// antd-mobile's own styles for its Tabs (CSS only, no script): the strip looks as the component does.
import 'antd-mobile/es/components/tabs/tabs.css';

export interface TabStripItem<K extends string> {
  key: K;
  title: string;
}

/**
 * A row of tabs drawn as antd-mobile's Tabs draws its header (the same elements, classes and styles; role tablist
 * and tab, aria-selected, only the selected tab in the Tab order, ← → move to the next tab and focus it), without
 * its animation library: the list screens a shared link opens show it before the load event, where react-spring
 * would cost ~12 KB gzip (decision 035). The active line moves at once instead of sliding.
 */
export function TabStrip<K extends string>({
  items,
  activeKey,
  onChange,
  className,
}: {
  items: readonly TabStripItem<K>[];
  activeKey: K;
  onChange: (key: K) => void;
  className?: string;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const byKeyboard = useRef(false);
  const [line, setLine] = useState({ x: 0, width: 0 });

  // Under the active tab's title, measured before the browser paints (so it never jumps after the first picture),
  // and again when the strip changes size (a rotated phone, a larger text size).
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const active = list.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    const measure = () => setLine(active ? { x: active.offsetLeft, width: active.offsetWidth } : { x: 0, width: 0 });
    measure();
    if (byKeyboard.current) {
      byKeyboard.current = false;
      active?.focus();
    }
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [activeKey]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const at = items.findIndex((t) => t.key === activeKey);
    const next = items[(at + (e.key === 'ArrowRight' ? 1 : -1) + items.length) % items.length]!;
    byKeyboard.current = true;
    onChange(next.key);
  };

  return (
    <div className={`adm-tabs${className ? ` ${className}` : ''}`}>
      <div className="adm-tabs-header">
        <div className="adm-tabs-tab-list" role="tablist" ref={listRef} onKeyDown={onKeyDown}>
          <div
            className="adm-tabs-tab-line"
            style={{ width: line.width, transform: `translate3d(${line.x}px, 0, 0)` }}
            aria-hidden="true"
          />
          {items.map((t) => {
            const active = t.key === activeKey;
            return (
              <div key={t.key} className="adm-tabs-tab-wrapper adm-tabs-tab-wrapper-stretch">
                <div
                  role="tab"
                  aria-selected={active}
                  tabIndex={active ? 0 : -1}
                  className={`adm-tabs-tab${active ? ' adm-tabs-tab-active' : ''}`}
                  onClick={() => {
                    if (!active) onChange(t.key);
                  }}
                >
                  {t.title}
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
