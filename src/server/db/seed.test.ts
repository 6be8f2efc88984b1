import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { createTestApp, type TestApp } from '../testing/test-app';
import { TEST_DATABASE_URL } from '../testing/test-db';
import type { CardInfo, Product } from '../../shared/schemas/catalogue';
import type { ArticleSummary, Banner } from '../../shared/schemas/content';
import { articles, banners, cardEvents, cardInfos, cards, privacyPolicies, products, themes, users } from './schema';
import { seedDemo } from './seed';
import { DEMO_CARDS } from './demo/catalogue-data';
import sharp from 'sharp';
import { pictureAt } from '../../shared/pictures';
import { PUBLIC_DIR, demoMedia } from './demo/generate-media';
import { DEMO_PICTURE_WIDTHS, artOf } from './demo/demo-pictures';

async function counts(t: TestApp) {
  const n = async (table: PgTable) => (await t.db.select({ n: count() }).from(table))[0]!.n;
  return {
    themes: await n(themes),
    cardInfos: await n(cardInfos),
    products: await n(products),
    banners: await n(banners),
    articles: await n(articles),
    privacy: await n(privacyPolicies),
    cards: await n(cards),
    users: await n(users),
  };
}

describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('loads once: a second run leaves one copy', async () => {
    expect(await seedDemo(t.db, t.clock.now())).toBe(true);
    const first = await counts(t);
    expect(first).toMatchObject({ themes: 3, banners: 3, privacy: 1, users: 4 });
    expect(first.cardInfos).toBeGreaterThanOrEqual(12);
    expect(first.articles).toBeGreaterThanOrEqual(5);
    expect(await seedDemo(t.db, t.clock.now())).toBe(false);
    expect(await counts(t)).toEqual(first);
  });

  it('gives every theme 4–6 base cards across rarities and one B card without a price', async () => {
    const all = await t.call<CardInfo[]>('GET', 'cardInfo/list', { query: { pageSize: '50' } });
    for (const themeId of ['thm_night', 'thm_chachaan', 'thm_beasts']) {
      const ofTheme = all.data.filter((c) => c.theme.id === themeId);
      expect(ofTheme.length).toBeGreaterThanOrEqual(5);
      expect(ofTheme.length).toBeLessThanOrEqual(7);
      const bCards = ofTheme.filter((c) => c.isBCard);
      expect(bCards).toHaveLength(1);
      expect(bCards[0]).toMatchObject({ priceCents: null, saleState: 'not_for_sale' });
      const [theme] = await t.db.select({ b: themes.bCardInfoId }).from(themes).where(eq(themes.id, themeId));
      expect(theme!.b).toBe(bCards[0]!.id);
    }
    expect(new Set(all.data.map((c) => c.rarity))).toEqual(new Set(['N', 'R', 'SR', 'SSR', 'UR']));
  });

  it('has drops on sale, upcoming within days, one sold out and code-only cards', async () => {
    const mall = await t.call<CardInfo[]>('GET', 'cardInfo/list', { query: { onSale: '1', pageSize: '50' } });
    const states = mall.data.map((c) => c.saleState);
    expect(states.filter((s) => s === 'on_sale').length).toBeGreaterThanOrEqual(4);
    const upcoming = mall.data.filter((c) => c.saleState === 'upcoming');
    expect(upcoming.length).toBeGreaterThanOrEqual(1);
    expect(upcoming.length).toBeLessThanOrEqual(2);
    for (const c of upcoming) {
      const wait = new Date(c.saleStartsAt!).getTime() - t.clock.now().getTime();
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(3 * 24 * 3600_000);
    }
    expect(states.filter((s) => s === 'sold_out')).toHaveLength(1);
    for (const c of mall.data) {
      expect(c.editionSize).toBeGreaterThanOrEqual(50);
      expect(c.editionSize).toBeLessThanOrEqual(1000);
      expect(c.perUserLimit).toBeGreaterThanOrEqual(1);
      expect(c.perUserLimit).toBeLessThanOrEqual(5);
    }
    const codeOnly = await t.call<CardInfo[]>('GET', 'cardInfo/list', {
      query: { saleState: 'not_for_sale', pageSize: '50' },
    });
    expect(codeOnly.data.filter((c) => !c.isBCard).length).toBeGreaterThanOrEqual(2);
  });

  it('minted counts are real cards with serials and mint events', async () => {
    const [row] = await t.db
      .select({ minted: sql<number>`coalesce(sum(${cardInfos.minted}), 0)::int` })
      .from(cardInfos);
    const minted = row!.minted;
    expect(minted).toBe(DEMO_CARDS.reduce((s, c) => s + (c.minted ?? 0), 0));
    expect((await t.db.select({ n: count() }).from(cards))[0]!.n).toBe(minted);
    expect((await t.db.select({ n: count() }).from(cardEvents))[0]!.n).toBe(minted);
    const neon = await t.call<CardInfo>('GET', 'cardInfo/detail', { query: { id: 'ci_night_neon' } });
    expect(neon.data).toMatchObject({ saleState: 'sold_out', left: 0, minted: 50, editionSize: 50 });
  });

  it('answers 4–6 physical and 3–4 other products with stock and prices', async () => {
    const physical = await t.call<Product[]>('GET', 'product/list', { query: { type: '1' } });
    const other = await t.call<Product[]>('GET', 'product/list', { query: { type: '0' } });
    expect(physical.data.length).toBeGreaterThanOrEqual(4);
    expect(physical.data.length).toBeLessThanOrEqual(6);
    expect(other.data.length).toBeGreaterThanOrEqual(3);
    expect(other.data.length).toBeLessThanOrEqual(4);
    for (const p of [...physical.data, ...other.data]) {
      expect(p.priceCents).toBeGreaterThan(0);
      expect(p.stock).toBeGreaterThan(0);
      expect(p.images.length).toBeGreaterThan(0);
    }
  });

  it('publishes three banners to in-app paths and articles in every category', async () => {
    const b = await t.call<Banner[]>('GET', 'banner');
    expect(b.data).toHaveLength(3);
    for (const banner of b.data) expect(banner.link).toMatch(/^\/(mall|market|my)/);
    const a = await t.call<ArticleSummary[]>('GET', 'article/list', { query: { pageSize: '50' } });
    expect(new Set(a.data.map((x) => x.category))).toEqual(new Set(['公告', '資訊', '攻略']));
    const detail = await t.call<{ body: string }>('GET', 'article/detail', { query: { id: a.data[0]!.id } });
    expect(detail.data.body.split(/\n{2,}/).length).toBeGreaterThanOrEqual(3);
    const privacy = await t.call<{ body: string }>('GET', 'privacy/info');
    for (const section of ['收集', '使用', '保存', '權利', '聯絡']) expect(privacy.data.body).toContain(section);
  });

  it('links only to pictures that ship in public/ (WebP, as an upload stores them) drawn from up-to-date art', async () => {
    const paths = new Set<string>();
    for (const r of await t.db.select({ p: cardInfos.image }).from(cardInfos)) paths.add(r.p);
    for (const r of await t.db.select({ p: themes.cover }).from(themes)) paths.add(r.p);
    for (const r of await t.db.select({ p: banners.image }).from(banners)) paths.add(r.p);
    for (const r of await t.db.select({ p: articles.cover }).from(articles)) paths.add(r.p);
    for (const r of await t.db.select({ p: products.images }).from(products)) r.p.forEach((x) => paths.add(x));
    const media = demoMedia();
    for (const p of paths) {
      expect(p).toMatch(/^\/media\/.+\/640\.webp$/);
      expect(media.some(([file]) => file === p)).toBe(true);
    }
    for (const [file, svg] of media) {
      const stale = `${file} is stale: run generate-media.ts`;
      expect(readFileSync(path.join(PUBLIC_DIR, artOf(file)), 'utf8'), stale).toBe(svg);
      if (file === artOf(file)) continue;
      for (const width of DEMO_PICTURE_WIDTHS) {
        const picture = await sharp(path.join(PUBLIC_DIR, pictureAt(file, width))).metadata();
        expect({ format: picture.format, width: picture.width }, file).toEqual({ format: 'webp', width });
      }
    }
  });
});

describe.skipIf(!TEST_DATABASE_URL)('demo seed on PostgreSQL', () => {
  if (!TEST_DATABASE_URL) console.log('skipped: concurrent first start needs TEST_DATABASE_URL (PostgreSQL)');

  it('two instances starting together seed once', async () => {
    const t = await createTestApp({ postgres: true });
    try {
      const results = await Promise.all([seedDemo(t.db, t.clock.now()), seedDemo(t.db, t.clock.now())]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect((await counts(t)).themes).toBe(3);
    } finally {
      await t.close();
    }
  });
});
