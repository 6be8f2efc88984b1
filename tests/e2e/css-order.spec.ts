import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROUTE_PATHS, type RoutePath } from '../../src/shared/routes';
import { settled } from './axe';
import { cssOrderConflicts, type OrderConflict } from './css-order';
import { APP_SCREENS } from './screens';
import { signUp } from './session';

/**
 * The CSS order check (`npm run check:css-order`; decision 022): on every screen the accessibility sweep visits,
 * signed in and signed out, no element's style may depend on the order of the CSS files, which the chunk groups
 * change. Needs a build whose rules name their files (TROVE_CSS_SOURCES=1); the playwright config runs this file
 * only then.
 */

/**
 * Every stylesheet the mobile app may load (from the build's manifest: what index.html reaches, statically or on
 * demand). Moving between screens keeps each screen's CSS in the page, so any two of them can meet.
 */
function appStylesheets(): string[] {
  type Chunk = { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] };
  const manifest = JSON.parse(
    readFileSync(path.join(process.env.WEB_DIST ?? 'dist/web', '.vite/manifest.json'), 'utf8'),
  ) as Record<string, Chunk>;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])]) visit(next);
  };
  visit('index.html');
  return [...new Set([...seen].flatMap((key) => manifest[key]!.css ?? []))].map((file) => `/${file}`);
}

async function buy(page: Page, payPath: string, infoPath: string): Promise<string> {
  await page.goto(payPath);
  await page.getByRole('button', { name: '確認付款' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  await page.getByRole('button', { name: '確認付款' }).click();
  await expect(page).toHaveURL(new RegExp(`${infoPath.replace(/\//g, '\\/')}\\?orderNo=`));
  return new URL(page.url()).search;
}

test('CSS order: no element on any screen takes a style from whichever CSS file comes later', async ({ page }) => {
  // A guard against a hang, not a measure: every screen twice, beside the journeys (5.7 min on a slow 2-core machine).
  test.setTimeout(600_000);
  const sheets = appStylesheets();
  const found = new Map<string, { conflict: OrderConflict; screens: Set<string>; elements: Set<string> }>();
  const check = async (name: string, url: string) => {
    await page.goto(url);
    await settled(page);
    // Then every other screen's CSS too, as after moving through the app (the check does not depend on their order).
    await page.evaluate(async (hrefs) => {
      const loaded = new Set([...document.styleSheets].map((s) => s.href && new URL(s.href).pathname));
      await Promise.all(
        hrefs
          .filter((href) => !loaded.has(href))
          .map(
            (href) =>
              new Promise((resolve) => {
                const link = Object.assign(document.createElement('link'), {
                  rel: 'stylesheet',
                  href,
                  onload: resolve,
                  onerror: resolve,
                });
                document.head.append(link);
              }),
          ),
      );
    }, sheets);
    const { conflicts, marked, rules } = await cssOrderConflicts(page);
    expect(
      marked,
      `${name}: the stylesheets do not name their files: build with TROVE_CSS_SOURCES=1 (npm run check:css-order)`,
    ).toBe(true);
    expect(rules).toBeGreaterThan(0);
    for (const c of conflicts) {
      const key = `${c.property}\n${c.tied.join('\n')}`;
      const seen = found.get(key) ?? { conflict: c, screens: new Set(), elements: new Set() };
      seen.screens.add(name);
      seen.elements.add(c.element);
      found.set(key, seen);
    }
  };

  for (const path of ROUTE_PATHS)
    if (!APP_SCREENS[path].auth) await check(`${path} (signed out)`, `${path}${APP_SCREENS[path].query ?? ''}`);

  // Signed in, with an order of each kind, so the order screens show one.
  await signUp(page, '樣式次序');
  const query: Partial<Record<RoutePath, string>> = {
    '/mall/info': await buy(page, '/mall/pay?id=ci_night_ferry', '/mall/info'),
    '/mall/goodsInfo': await buy(page, '/mall/goodsPay?id=prd_sleeves', '/mall/goodsInfo'),
  };
  for (const path of ROUTE_PATHS) await check(path, `${path}${query[path] ?? APP_SCREENS[path].query ?? ''}`);

  const report = [...found.values()].map(
    ({ conflict, screens, elements }) =>
      `${conflict.library ? '[antd-mobile itself] ' : ''}${conflict.property} on ${[...elements].slice(0, 3).join(', ')}${elements.size > 3 ? ` (+${elements.size - 3})` : ''} — ${[...screens].slice(0, 4).join(', ')}${screens.size > 4 ? ` (+${screens.size - 4})` : ''}\n    ${conflict.tied.join('\n    ')}`,
  );
  console.log(
    `[check] css order: ${found.size} order-dependent declarations (${[...found.values()].filter((f) => f.conflict.library).length} inside antd-mobile)\n${report.join('\n')}`,
  );
  // The app's rules must win by specificity (or lose by it), never by order; antd-mobile's own ties are its own.
  expect(report.filter((r) => !r.startsWith('[antd-mobile itself]'))).toEqual([]);
});

/**
 * Comparing two builds (decision 022): with STYLE_DUMP=<file>, writes the computed style of every element of every
 * public screen (signed out, so both runs show the same data) to that file; `tsx tools/style-diff.ts a.json b.json`
 * prints what differs. Run once per build (WEB_DIST=…), e.g. with and without the first screens' groups (TROVE_CHUNK_GROUPS=locale,ui,forms).
 */
test('CSS order: computed styles of the public screens, for comparing builds', async ({ page }) => {
  test.skip(!process.env.STYLE_DUMP, 'STYLE_DUMP=<file> names where to write them');
  const dump: Record<string, Record<string, string>> = {};
  for (const path of ROUTE_PATHS) {
    if (APP_SCREENS[path].auth) continue;
    await page.goto(`${path}${APP_SCREENS[path].query ?? ''}`);
    await settled(page);
    // Past the warm-up (3 s after load), so both builds have loaded the same CSS.
    await page.waitForTimeout(3500);
    Object.assign(
      dump,
      await page.evaluate((screen) => {
        const out: Record<string, Record<string, string>> = {};
        const pathOf = (el: Element): string =>
          el.parentElement
            ? `${pathOf(el.parentElement)} > ${el.tagName.toLowerCase()}:nth-child(${[...el.parentElement.children].indexOf(el) + 1})${el.classList.length ? `.${[...el.classList].join('.')}` : ''}`
            : el.tagName.toLowerCase();
        for (const el of document.querySelectorAll('body, body *')) {
          if (['SCRIPT', 'STYLE', 'LINK', 'TEMPLATE'].includes(el.tagName)) continue;
          for (const pseudo of ['', '::before', '::after']) {
            const cs = getComputedStyle(el, pseudo || null);
            if (pseudo && cs.content === 'none') continue;
            const style: Record<string, string> = {};
            for (let i = 0; i < cs.length; i++) style[cs[i]!] = cs.getPropertyValue(cs[i]!);
            out[`${screen} ${pathOf(el)}${pseudo}`] = style;
          }
        }
        return out;
      }, path),
    );
  }
  writeFileSync(process.env.STYLE_DUMP!, JSON.stringify(dump));
});
