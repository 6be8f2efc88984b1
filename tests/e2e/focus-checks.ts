import { expect, type Locator, type Page } from '@playwright/test';

/**
 * In-page focus checks of the accessibility sweep and the keyboard journeys (WCAG 2.2 AA 2.4.7, 2.4.11): the focused
 * element is visible, unobscured and shows an indicator. Each answers readable problems; none passes.
 */

/** No CSS transitions while checking, so a style read right after blur() is the unfocused one. */
export async function freezeTransitions(page: Page): Promise<void> {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
}

/**
 * What the focused element is and why it fails 2.4.7 / 2.4.11, or null when it is visible with an indicator. With
 * `stop` (the focus sweep's count), first marks the element as that stop and answers `seen` when there is none or it
 * was a stop already (the sweep has come round): one round trip per Tab stop instead of two.
 */
export async function focusProblem(
  page: Page,
  stop: number | null = null,
): Promise<{ what: string; problem: string | null; seen?: boolean }> {
  return page.evaluate((n) => {
    if (n !== null) {
      const at = document.activeElement;
      if (!at || at === document.body || at.hasAttribute('data-a11y-stop'))
        return { what: '', problem: null, seen: true };
      at.setAttribute('data-a11y-stop', String(n));
    }
    const describe = (e: Element | null): string => {
      if (!e) return '(none)';
      const name = e.getAttribute('aria-label') ?? (e as HTMLElement).innerText?.trim().slice(0, 24) ?? '';
      const cls =
        typeof e.className === 'string' && e.className
          ? `.${e.className.trim().split(/\s+/).slice(0, 2).join('.')}`
          : '';
      return `<${e.tagName.toLowerCase()}${cls}>${name ? ` "${name.replace(/\s+/g, ' ')}"` : ''}`;
    };
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement)
      return { what: '(body)', problem: 'nothing has focus' };
    const what = describe(el);
    if (el.tagName === 'MAIN' && el.tabIndex === -1) return { what, problem: null }; // the screen itself after navigation

    // The box the user sees: a visually hidden native input shows through its label.
    let box: HTMLElement = el;
    const own = el.getBoundingClientRect();
    if (own.width < 4 || own.height < 4 || getComputedStyle(el).opacity === '0')
      box = (el.closest('label') as HTMLElement | null) ?? el.parentElement ?? el;
    const r = box.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return { what, problem: 'focused element is not rendered' };
    const top = Math.max(r.top, 0);
    const bottom = Math.min(r.bottom, innerHeight);
    const left = Math.max(r.left, 0);
    const right = Math.min(r.right, innerWidth);
    if (bottom - top < 1 || right - left < 1)
      return {
        what,
        problem: `off screen (top ${Math.round(r.top)}, bottom ${Math.round(r.bottom)} of ${innerHeight})`,
      };

    // Not hidden behind the top bar, the tab bar, a sticky footer or a popup's mask (2.4.11).
    const overlayOf = (e: Element | null): Element | null => {
      for (let n = e; n && n !== document.body; n = n.parentElement) {
        const pos = getComputedStyle(n).position;
        if (pos === 'fixed' || pos === 'sticky') return n;
      }
      return null;
    };
    const ownOverlay = overlayOf(box);
    for (const [x, y] of [
      [(left + right) / 2, (top + bottom) / 2],
      [left + 2, top + 2],
      [right - 2, bottom - 2],
    ] as const) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || box.contains(hit) || hit.contains(box) || el.contains(hit)) continue;
      // A toast passes over for a moment and goes (announced through the live region): not an obstruction.
      if (hit.closest('.adm-toast-mask')) continue;
      const overlay = overlayOf(hit);
      if (overlay && overlay !== ownOverlay && !overlay.contains(box))
        return {
          what,
          problem: `obscured by ${describe(overlay)} at ${Math.round(x)},${Math.round(y)} (box ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}; own overlay ${describe(ownOverlay)})`,
        };
      if (hit.closest('.adm-mask') && !hit.closest('.adm-mask')?.parentElement?.contains(el))
        return { what, problem: 'behind a popup mask' };
    }

    // An indicator: something about the element or its nearest containers differs from the unfocused state.
    const PROPS = [
      'outline-style',
      'outline-width',
      'outline-color',
      'box-shadow',
      'border-top-color',
      'border-bottom-color',
      'border-bottom-width',
      'background-color',
      'text-decoration-line',
    ];
    const chain: Element[] = [];
    for (let n: Element | null = el; n && n !== document.body && chain.length < 4; n = n.parentElement) chain.push(n);
    const snap = () =>
      chain
        .map((n) => {
          const s = getComputedStyle(n);
          const a = getComputedStyle(n, '::after');
          const b = getComputedStyle(n, '::before');
          return PROPS.map((p) => `${s.getPropertyValue(p)}|${a.getPropertyValue(p)}|${b.getPropertyValue(p)}`).join(
            ';',
          );
        })
        .join('\n');
    const focused = snap();
    el.blur();
    const unfocused = snap();
    el.focus({ preventScroll: true, focusVisible: true } as FocusOptions);
    if (focused === unfocused) return { what, problem: 'no visible focus indicator' };
    const outline = getComputedStyle(el);
    if (
      outline.outlineStyle !== 'none' &&
      parseFloat(outline.outlineWidth) > 0 &&
      outline.outlineColor === 'rgba(0, 0, 0, 0)'
    )
      return { what, problem: 'transparent outline' };
    return { what, problem: null };
  }, stop);
}

/** Asserts the focused element is visible, unobscured and shows a focus indicator; answers what it is. */
export async function expectFocusVisible(page: Page, step: string): Promise<string> {
  const { what, problem } = await focusProblem(page);
  expect(problem, `${step}: focus on ${what}`).toBeNull();
  return what;
}

/**
 * Presses Tab (Shift+Tab when `back`) until `target` has focus, checking every stop on the way.
 * Fails when the target is not reached within `max` stops.
 */
export async function tabTo(page: Page, target: Locator, opts: { back?: boolean; max?: number } = {}): Promise<void> {
  const max = opts.max ?? 40;
  const key = opts.back ? 'Shift+Tab' : 'Tab';
  for (let i = 0; i < max; i++) {
    if (
      await target
        .evaluate((e) => e === document.activeElement || e.contains(document.activeElement))
        .catch(() => false)
    ) {
      await expectFocusVisible(page, `${key} → target`);
      return;
    }
    await page.keyboard.press(key);
    const { what, problem } = await focusProblem(page);
    if (problem !== 'nothing has focus') expect(problem, `${key} stop ${i + 1}: focus on ${what}`).toBeNull();
  }
  throw new Error(`${String(target)} not reached with ${max} × ${key}`);
}

export interface FocusSweep {
  stops: number;
  problems: string[];
}

/** Tabs through the whole screen from the top (at most `max` stops), checking every stop. */
export async function focusSweep(page: Page, max = 30): Promise<FocusSweep> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    document.querySelectorAll('[data-a11y-stop]').forEach((e) => e.removeAttribute('data-a11y-stop'));
  });
  const problems: string[] = [];
  let stops = 0;
  for (; stops < max; stops++) {
    await page.keyboard.press('Tab');
    const { what, problem, seen } = await focusProblem(page, stops);
    if (seen) break;
    if (problem) problems.push(`${what}: ${problem}`);
  }
  return { stops, problems };
}

/** Opens an antd-mobile sheet (Popup, slides up) or Dialog (zooms in) with its button, and waits until it rests. */
export async function openSheet(page: Page, button: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: button }).first().click();
  const box = page.locator('.adm-popup-body, .adm-center-popup-body').last();
  await expect(box).toBeVisible();
  let last = '';
  await expect
    .poll(async () => {
      const now = JSON.stringify(await box.boundingBox());
      const still = now === last;
      last = now;
      return still;
    })
    .toBe(true);
  // The app's keyboard handling moves focus into it (it arrives a few seconds after load): a Tab pressed before
  // that would walk the page behind.
  await expect
    .poll(() => page.evaluate(() => !!document.activeElement?.closest('.adm-popup, .adm-center-popup')), {
      timeout: 10_000,
    })
    .toBe(true);
}
