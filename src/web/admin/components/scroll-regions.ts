import { useEffect } from 'react';

/** Boxes that may scroll sideways, and what a keyboard user is told they are. */
const SCROLLERS: [selector: string, name: string][] = [
  ['.ant-table-content', '表格（可左右捲動）'],
  ['.admin-chart-scroll', '每日銷售圖表（可左右捲動）'],
  ['.admin-month-scroll', '發售月曆（可左右捲動）'],
];
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Wide tables, the chart and the month grid scroll inside their own box (WCAG 1.4.10 exempts them; the page never
 * scrolls sideways). One that scrolls and holds nothing focusable becomes a named Tab stop itself, so the arrow keys
 * can scroll it (2.1.1; axe's scrollable-region-focusable); it stops being one when it fits again.
 */
export function useKeyboardScrollRegions(): void {
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      for (const [selector, name] of SCROLLERS) {
        for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
          const ours = el.dataset.scrollRegion !== undefined;
          const needed = el.scrollWidth > el.clientWidth + 1 && !el.querySelector(FOCUSABLE);
          if (needed && !ours) {
            el.dataset.scrollRegion = '';
            el.tabIndex = 0;
            el.setAttribute('role', 'region');
            el.setAttribute('aria-label', name);
          } else if (!needed && ours) {
            delete el.dataset.scrollRegion;
            el.removeAttribute('tabindex');
            el.removeAttribute('role');
            el.removeAttribute('aria-label');
          }
        }
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    // Content arriving (a list loads, a page turns) or the window resizing can change what scrolls.
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame);
    };
  }, []);
}
