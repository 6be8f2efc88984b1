import type { Page } from '@playwright/test';

/**
 * In-page checks of the accessibility sweep (WCAG 2.2 AA 1.4.4, 1.4.10, 2.5.8, 4.1.2); the focus checks are in
 * focus-checks.ts. Each answers a list of readable problems; an empty list passes.
 */

/**
 * Horizontal overflow of the document (1.4.10) with the elements that stick out; an open sheet or dialog is fixed, so
 * it never widens the document: it is checked for content wider than itself.
 */
export async function overflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const doc = document.documentElement;
    for (const sheet of Array.from(document.querySelectorAll('.adm-popup-body, .adm-center-popup-body'))) {
      if (sheet.scrollWidth > sheet.clientWidth + 1)
        return [`<div class="${sheet.className}"> is ${sheet.scrollWidth} px wide in ${sheet.clientWidth} px`];
    }
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
