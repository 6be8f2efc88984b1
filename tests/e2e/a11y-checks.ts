import { expect, type Locator, type Page } from '@playwright/test';

/**
 * In-page checks of the accessibility sweep and the keyboard journeys (WCAG 2.2 AA 1.4.4, 1.4.10,
 * 2.4.7, 2.4.11, 2.5.8, 4.1.2). Each answers a list of readable problems; an empty list passes.
 */

/** No CSS transitions while checking, so a style read right after blur() is the unfocused one. */
export async function freezeTransitions(page: Page): Promise<void> {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
}

/** What the focused element is and why it fails 2.4.7 / 2.4.11, or null when it is visible with an indicator. */
export async function focusProblem(page: Page): Promise<{ what: string; problem: string | null }> {
  return page.evaluate(() => {
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
  });
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
    const seen = await page.evaluate((n) => {
      const el = document.activeElement;
      if (!el || el === document.body) return true;
      if (el.hasAttribute('data-a11y-stop')) return true;
      el.setAttribute('data-a11y-stop', String(n));
      return false;
    }, stops);
    if (seen) break;
    const { what, problem } = await focusProblem(page);
    if (problem) problems.push(`${what}: ${problem}`);
  }
  return { stops, problems };
}

/** Horizontal overflow of the document (1.4.10) with the elements that stick out. */
export async function overflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const doc = document.documentElement;
    if (doc.scrollWidth <= doc.clientWidth) return [];
    const out: string[] = [];
    for (const e of Array.from(document.body.querySelectorAll('*'))) {
      const r = e.getBoundingClientRect();
      if (
        r.width > 0 &&
        r.right > doc.clientWidth + 0.5 &&
        !Array.from(e.children).some((c) => c.getBoundingClientRect().right > doc.clientWidth + 0.5)
      ) {
        out.push(
          `<${e.tagName.toLowerCase()} class="${String(e.getAttribute('class') ?? '')}"> right edge ${Math.round(r.right)}`,
        );
        if (out.length >= 5) break;
      }
    }
    return [`document is ${doc.scrollWidth} px wide at a ${doc.clientWidth} px viewport`, ...out];
  });
}

/**
 * Text-only zoom: every element's font size (and any line height in px) times `factor`, as a
 * browser's text-size setting would do to a page that sizes its text in px.
 */
export async function scaleText(page: Page, factor: number): Promise<void> {
  await page.evaluate((f) => {
    const els = Array.from(document.querySelectorAll<HTMLElement>('body, body *'));
    const sizes = els.map((e) => {
      const s = getComputedStyle(e);
      return [parseFloat(s.fontSize), s.lineHeight] as const;
    });
    els.forEach((e, i) => {
      const [size, lh] = sizes[i]!;
      e.style.setProperty('font-size', `${size * f}px`, 'important');
      if (lh.endsWith('px')) e.style.setProperty('line-height', `${parseFloat(lh) * f}px`, 'important');
    });
    // Measured from the top, once laid out again: scrolled, a sticky header (the mall's tabs) lies over the rows
    // passing under it by design, which is not text drawn over text.
    window.scrollTo(0, 0);
    return new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  }, factor);
}

/** Text cut off by a clipping container, and text drawn over other text (1.4.4 at large text). */
export async function clippingProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    // An SVG that is one image with a text alternative (the back office's chart, its figures also in a table) draws
    // its labels as part of the picture, scaled with it.
    const skip = (e: Element) =>
      !!e.closest(
        '.adm-swiper, .adm-toast-mask, .adm-popup, .adm-center-popup-wrap, .adm-mask, [aria-hidden="true"] svg, svg[role="img"][aria-label], .visually-hidden, .adm-spin-loading, .adm-dot-loading',
      );
    const inOverlay = (e: Element) => {
      for (let n: Element | null = e; n && n !== document.body; n = n.parentElement) {
        const p = getComputedStyle(n).position;
        if (p === 'fixed' || p === 'sticky') return true;
      }
      return false;
    };
    const texts: { node: Text; rects: DOMRect[]; overlay: boolean }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
      const parent = n.parentElement;
      if (!parent || !n.data.trim() || skip(parent)) continue;
      if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0.5 && r.height > 0.5);
      if (rects.length === 0) continue;
      let hidden = false;
      // Clipped: a container that hides overflow does not hold the whole text.
      for (let a: HTMLElement | null = parent; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        const clipX = s.overflowX === 'hidden' || s.overflowX === 'clip';
        const clipY = s.overflowY === 'hidden' || s.overflowY === 'clip';
        if (!clipX && !clipY) continue;
        const box = a.getBoundingClientRect();
        // A visually hidden label, or text kept for measuring (antd's table measure row): not drawn, so over nothing.
        if (box.width <= 2 || box.height <= 2) {
          hidden = true;
          break;
        }
        const inner = {
          left: box.left + a.clientLeft,
          right: box.left + a.clientLeft + a.clientWidth,
          top: box.top + a.clientTop,
          bottom: box.top + a.clientTop + a.clientHeight,
        };
        const cut = rects.some(
          (r) =>
            (clipX && (r.left < inner.left - 1 || r.right > inner.right + 1)) ||
            (clipY && (r.top < inner.top - 1 || r.bottom > inner.bottom + 1)),
        );
        if (cut) {
          out.push(
            `clipped: "${n.data.trim().slice(0, 20)}" by <${a.tagName.toLowerCase()} class="${a.getAttribute('class') ?? ''}">`,
          );
          break;
        }
      }
      if (!hidden) texts.push({ node: n, rects, overlay: inOverlay(parent) });
    }
    // Overlap: two pieces of text share pixels (fixed bars float over scrolling content by design).
    const flow = texts.filter((t) => !t.overlay);
    for (let i = 0; i < flow.length; i++) {
      for (let j = i + 1; j < flow.length; j++) {
        const hit = flow[i]!.rects.some((a) =>
          flow[j]!.rects.some(
            (b) =>
              Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2 &&
              Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2,
          ),
        );
        if (hit)
          out.push(
            `overlap: "${flow[i]!.node.data.trim().slice(0, 16)}" and "${flow[j]!.node.data.trim().slice(0, 16)}"`,
          );
      }
    }
    return out.slice(0, 10);
  });
}

/** Pointer targets under 24 × 24 px without the spacing exception (2.5.8); links inside running text are exempt. */
export async function targetSizeProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const SEL =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="link"], [role="checkbox"], [role="radio"], [role="option"], [role="switch"], [tabindex]:not([tabindex="-1"])';
    const targets: { el: Element; r: DOMRect }[] = [];
    for (const el of Array.from(document.querySelectorAll(SEL))) {
      if (
        el.closest('.adm-swiper, [aria-hidden="true"], .adm-mask-aria-button, main[tabindex="-1"]') &&
        !el.closest('.adm-swiper-item')
      )
        continue;
      if (el.matches('main[tabindex="-1"]')) continue;
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      // A native checkbox or radio is the label's target.
      const box = el.matches('input[type="checkbox"], input[type="radio"]') ? (el.closest('label') ?? el) : el;
      const r = box.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // Inline: a link in a sentence.
      if (
        el.tagName === 'A' &&
        getComputedStyle(el).display === 'inline' &&
        (el.parentElement?.textContent?.trim().length ?? 0) > (el.textContent?.trim().length ?? 0)
      )
        continue;
      targets.push({ el, r });
    }
    const out: string[] = [];
    for (const { el, r } of targets) {
      if (r.width >= 23.5 && r.height >= 23.5) continue;
      // Spacing exception: a 24 px square centred on the target touches no other target.
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      const sq = { left: cx - 12, right: cx + 12, top: cy - 12, bottom: cy + 12 };
      const crowded = targets.some(
        (t) =>
          t.el !== el &&
          !t.el.contains(el) &&
          !el.contains(t.el) &&
          t.r.left < sq.right &&
          t.r.right > sq.left &&
          t.r.top < sq.bottom &&
          t.r.bottom > sq.top,
      );
      if (crowded)
        out.push(
          `<${el.tagName.toLowerCase()}> "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 20)}" is ${Math.round(r.width)}×${Math.round(r.height)}`,
        );
    }
    return out;
  });
}

const NAMED_ROLES = new Set([
  'button',
  'link',
  'textbox',
  'checkbox',
  'radio',
  'tab',
  'combobox',
  'spinbutton',
  'switch',
  'option',
  'slider',
  'searchbox',
  'listbox',
  'dialog',
  'timer',
]);
const HAN = /\p{Script=Han}/u;
/** Brand names read as they are written. */
const PROPER_NAMES = new Set(['PayMe']);

/** Controls (and images, dialogs) whose accessible name is missing or has no Chinese in it (4.1.2). */
export async function nameProblems(page: Page): Promise<string[]> {
  const snapshot = await page.locator('body').ariaSnapshot();
  const out: string[] = [];
  for (const line of snapshot.split('\n')) {
    const m = /^\s*- ([a-z]+)(?: "((?:[^"\\]|\\.)*)")?/.exec(line);
    if (!m || !NAMED_ROLES.has(m[1]!)) continue;
    const name = m[2] ?? '';
    if (!HAN.test(name) && !PROPER_NAMES.has(name)) out.push(`${m[1]} "${name}"`);
  }
  // State: tabs say which one is selected, toggle buttons whether they are on.
  out.push(
    ...(await page.evaluate(() =>
      Array.from(
        document.querySelectorAll(
          '[role="tab"]:not([aria-selected]), [role="switch"]:not([aria-checked]), input[type="checkbox"][aria-pressed]',
        ),
      ).map((e) => `<${e.tagName.toLowerCase()}> "${e.textContent?.trim().slice(0, 20)}" does not expose its state`),
    )),
  );
  // Images: any text alternative is Chinese; card art always has one (name, rarity, serial).
  const images = await page.evaluate(() =>
    Array.from(document.querySelectorAll('img'))
      .filter((i) => i.checkVisibility() && !i.closest('[aria-hidden="true"]'))
      .map((i) => ({
        alt: i.getAttribute('alt'),
        card: i.matches('.card-tile-image, .card-detail-image, .detail-card-image'),
        src: i.getAttribute('src') ?? '',
      })),
  );
  for (const i of images) {
    if (i.alt === null) out.push(`img ${i.src} has no alt`);
    else if (i.alt !== '' && !HAN.test(i.alt)) out.push(`img ${i.src} alt "${i.alt}" is not Chinese`);
    else if (i.card && i.alt === '') out.push(`card art ${i.src} has an empty alt`);
  }
  return out;
}
