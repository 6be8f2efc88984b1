import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  FIRST_ANSWERS_ID,
  HOME_BANNERS,
  HOME_DROPS,
  MALL_FIRST_LIST,
  MARKET_FIRST_LIST,
  cardDetailUrl,
  firstAnswers,
} from '../../shared/first-answers';
import { createDrop } from '../modules/pay-orders/pay-orders.fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { writeWebRoot } from '../testing/web-app';
import { pageAnswers, withAnswers } from './web';

const HOUR = 3600_000;
const BLOCK = new RegExp(`<script type="application/json" id="${FIRST_ANSWERS_ID}">([\\s\\S]*?)</script>`);

/** The page's embedded answers, or null when it carries none. */
const embedded = (html: string): Record<string, unknown> | null => {
  const m = BLOCK.exec(html);
  return m ? (JSON.parse(m[1]!) as Record<string, unknown>) : null;
};

describe("the page's first public answers (embedded by the web plugin)", () => {
  let t: TestApp;
  let root: string;
  let drop: string;
  beforeAll(async () => {
    root = writeWebRoot('trove-web-answers-', {
      'index.html':
        '<!doctype html><html><head><title>t</title></head><body><div id="root"><!--shell--><!--/shell--></div></body></html>',
    });
    t = await createTestApp({ webRoot: root });
    drop = await createDrop(t.db, {
      editionSize: 10,
      perUserLimit: 5,
      saleStartsAt: new Date(t.clock.now().getTime() - HOUR),
      name: '</script><script>alert(1)</script><!--',
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  const page = (url: string) => t.app.inject({ method: 'GET', url });
  const api = async (url: string) => JSON.parse((await t.app.inject({ method: 'GET', url })).body) as unknown;

  it('/mall and /market carry exactly what the API answers for their first list, and preload its first picture', async () => {
    for (const [route, url] of [
      ['/mall', MALL_FIRST_LIST],
      ['/market', MARKET_FIRST_LIST],
    ] as const) {
      // Asked first, as "/" below: a cold answer on the gate's loaded machine outlasted the page's wait (gate of 2026-12-02).
      const expected = { [url]: await api(url) };
      const res = await page(route);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(embedded(res.body)).toEqual(expected);
    }
    const mall = (await page('/mall')).body;
    // One drop in the list: its picture, at high priority.
    expect(mall).toContain('<link rel="preload" as="image" fetchpriority="high" href="/media/c.svg">');
    expect(mall.match(/as="image"/g)).toHaveLength(1);
    // The market has no listing yet: an empty list, no picture to preload.
    expect((await page('/market')).body).not.toContain('as="image"');
  });

  it("/mall/detail carries the card info's answer and preloads its picture, the screen's largest paint", async () => {
    const url = cardDetailUrl(drop);
    const expected = { [url]: await api(url) };
    const html = (await page(`/mall/detail?id=${encodeURIComponent(drop)}`)).body;
    expect(embedded(html)).toEqual(expected);
    expect(html).toContain('<link rel="preload" as="image" fetchpriority="high" href="/media/c.svg">');
    // An unknown id: the plain page (the client asks and shows its 404), no answer, no picture.
    const unknown = (await page('/mall/detail?id=ci_no_such_card')).body;
    expect(embedded(unknown)).toBeNull();
    expect(unknown).not.toContain('as="image"');
    expect(firstAnswers('/mall/detail', new URLSearchParams())).toBeNull();
  });

  it('escapes every "<", so a name cannot close the block', async () => {
    const html = (await page('/mall')).body;
    const block = BLOCK.exec(html)![1]!;
    expect(block).not.toContain('<');
    expect(block).toContain('\\u003c/script>');
    expect(JSON.stringify(embedded(html))).toContain('</script><script>alert(1)</script><!--');
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('"/" carries the banners and the drops', async () => {
    // Asked first, so the page finds them kept: a cold answer on a loaded machine can take longer than the page waits
    // (FIRST_ANSWERS_WAIT_MS), and then the page rightly carries none.
    const expected = { [HOME_BANNERS]: await api(HOME_BANNERS), [HOME_DROPS]: await api(HOME_DROPS) };
    expect(embedded((await page('/')).body)).toEqual(expected);
  });

  it('embeds only answers of the public cache (the same for every caller: they carry its ETag)', async () => {
    const urls = [
      ...['/', '/mall', '/market'].flatMap((r) => firstAnswers(r, new URLSearchParams())?.urls ?? []),
      ...(firstAnswers('/mall/detail', new URLSearchParams({ id: drop }))?.urls ?? []),
    ];
    expect(urls).toHaveLength(5);
    for (const url of urls) expect((await t.app.inject({ method: 'GET', url })).headers.etag, url).toBeTruthy();
  });

  it('carries nothing for another view, another screen, or when the answer fails', async () => {
    for (const url of [
      '/mall?tab=entity',
      '/market?sell_type=1',
      '/market?q=龍',
      '/login',
      '/my/collection',
      '/no/such/screen',
    ]) {
      const res = await page(url);
      expect(res.body, url).toContain('id="root"');
      expect(embedded(res.body), url).toBeNull();
    }
    await page('/mall?tab=card'); // keeps its answers (a cold one may be later than the page waits)
    expect(embedded((await page('/mall?tab=card')).body)).not.toBeNull();

    t.app.deps.publicCache.invalidate('catalogue');
    const spy = vi.spyOn(t.app.services.catalogue, 'cardInfos').mockRejectedValue(new Error('database down'));
    const res = await page('/mall');
    spy.mockRestore();
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="root"');
    expect(embedded(res.body)).toBeNull();
  });

  it('gives up on slow or failing answers, and keeps only successes', async () => {
    const never = () => new Promise<string | null>(() => {});
    expect(await pageAnswers('/mall', new URLSearchParams(), never, 20)).toBeNull();
    expect(await pageAnswers('/mall', new URLSearchParams(), () => Promise.reject(new Error('x')))).toBeNull();
    expect(
      await pageAnswers('/mall', new URLSearchParams(), async () => '{"code":429,"msg":"","data":null}'),
    ).toBeNull();
    expect(await pageAnswers('/mall', new URLSearchParams(), async () => 'not json')).toBeNull();
    const home = await pageAnswers('/', new URLSearchParams(), async (url) =>
      url === HOME_BANNERS ? '{"code":200,"msg":"","data":[{"image":"//evil.example/x.svg"}]}' : null,
    );
    // The drops failed: only the banners; a picture from elsewhere is never hinted.
    expect(home).toEqual({
      answers: { [HOME_BANNERS]: { code: 200, msg: '', data: [{ image: '//evil.example/x.svg' }] } },
      images: [],
    });
  });

  it("preloads the first row's picture at high priority, and only the app's own", async () => {
    const ask = (rows: unknown[]) => async () => JSON.stringify({ code: 200, msg: '', data: rows });
    const answers = await pageAnswers(
      '/market',
      new URLSearchParams(),
      ask([{ image: '/m/1.svg' }, { image: '/m/2.svg' }]),
    );
    expect(answers?.images).toEqual(['/m/1.svg']);
    const html = withAnswers('<html><head></head><body></body></html>', answers);
    expect(html).toContain('<link rel="preload" as="image" fetchpriority="high" href="/m/1.svg">\n  </head>');
    expect(html.match(/rel="preload"/g)).toHaveLength(1);
    for (const rows of [[{ image: 'https://evil.example/1.svg' }], [{ image: null }], [], [null]]) {
      expect((await pageAnswers('/market', new URLSearchParams(), ask(rows)))?.images).toEqual([]);
    }
  });

  it("preloads a list's first picture at the width its row asks (320), an item's own as it is", async () => {
    const ask = (data: unknown) => async () => JSON.stringify({ code: 200, msg: '', data });
    const stored = '/uploads/card_info/upl_1/640.webp';
    for (const route of ['/mall', '/market'])
      expect((await pageAnswers(route, new URLSearchParams(), ask([{ image: stored }])))?.images).toEqual([
        '/uploads/card_info/upl_1/320.webp',
      ]);
    const detail = await pageAnswers('/mall/detail', new URLSearchParams('id=ci_1'), ask({ image: stored }));
    expect(detail?.images).toEqual([stored]);
  });
});
