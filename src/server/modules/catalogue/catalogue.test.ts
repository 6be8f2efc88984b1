import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cardInfos, products, themes } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { CardInfo, Product } from '../../../shared/schemas/catalogue';

const HOUR = 3600_000;

describe('catalogue API', () => {
  let t: TestApp;
  let start: Date;
  const at = (ms: number) => new Date(start.getTime() + ms);

  beforeAll(async () => {
    t = await createTestApp();
    start = t.clock.now();
    await t.db.insert(themes).values([
      { id: 'thm_a', name: '港島夜景', cover: '/media/a.svg', bCardInfoId: 'ci_b', sort: 1 },
      { id: 'thm_b', name: '神獸紀元', cover: '/media/b.svg', sort: 2 },
    ]);
    await t.db.insert(cardInfos).values([
      // On sale now, no end.
      {
        id: 'ci_now',
        themeId: 'thm_a',
        name: '維港煙花',
        image: '/media/1.svg',
        rarity: 'SSR',
        editionSize: 100,
        minted: 10,
        reserved: 5,
        priceCents: 12800,
        saleStartsAt: at(-HOUR),
        perUserLimit: 3,
        rights: [{ title: '優先購買', description: '下一彈優先購買' }],
        sort: 1,
      },
      // Starts in two hours, ends in a day.
      {
        id: 'ci_soon',
        themeId: 'thm_a',
        name: '太平山頂',
        image: '/media/2.svg',
        rarity: 'UR',
        editionSize: 50,
        priceCents: 38800,
        saleStartsAt: at(2 * HOUR),
        saleEndsAt: at(24 * HOUR),
        perUserLimit: 1,
        sort: 2,
      },
      // Everything minted or reserved.
      {
        id: 'ci_gone',
        themeId: 'thm_a',
        name: '天星小輪',
        image: '/media/3.svg',
        rarity: 'R',
        editionSize: 20,
        minted: 18,
        reserved: 2,
        priceCents: 3800,
        saleStartsAt: at(-2 * HOUR),
        sort: 3,
      },
      // Code-only: no price.
      { id: 'ci_code', themeId: 'thm_b', name: '麒麟', image: '/media/4.svg', rarity: 'N', editionSize: 1000, sort: 1 },
      // B card of theme A: priced by mistake, still not for sale.
      {
        id: 'ci_b',
        themeId: 'thm_a',
        name: '夜景全景',
        image: '/media/5.svg',
        rarity: 'UR',
        editionSize: 100,
        priceCents: 100,
        isBCard: true,
        sort: 9,
      },
      // Sale over an hour ago.
      {
        id: 'ci_over',
        themeId: 'thm_b',
        name: '鳳凰',
        image: '/media/6.svg',
        rarity: 'SR',
        editionSize: 300,
        priceCents: 6800,
        saleStartsAt: at(-48 * HOUR),
        saleEndsAt: at(-HOUR),
        sort: 2,
      },
    ]);
    await t.db.insert(products).values([
      {
        id: 'prd_fig',
        type: 1,
        name: '神獸公仔',
        images: ['/media/p1.svg', '/media/p1b.svg'],
        priceCents: 29900,
        stock: 30,
        sold: 4,
        reserved: 1,
        perUserLimit: 2,
        sort: 1,
      },
      {
        id: 'prd_box',
        type: 1,
        name: '補充包盒',
        images: ['/media/p2.svg'],
        priceCents: 59900,
        stock: 10,
        saleStartsAt: at(3 * HOUR),
        sort: 2,
      },
      {
        id: 'prd_old',
        type: 1,
        name: '舊卡套',
        images: ['/media/p3.svg'],
        priceCents: 5900,
        stock: 10,
        saleEndsAt: at(-HOUR),
        sort: 3,
      },
      { id: 'prd_v1', type: 0, name: '茶餐廳禮券', images: ['/media/v1.svg'], priceCents: 5000, stock: 3, sort: 1 },
      { id: 'prd_v2', type: 0, name: '手機桌布', images: ['/media/v2.svg'], priceCents: 1000, stock: 500, sort: 2 },
      { id: 'prd_v3', type: 0, name: '電子賀卡', images: [], priceCents: 800, stock: 500, sort: 3 },
    ]);
  });
  afterAll(() => t.close());

  const list = async (query: Record<string, string> = {}) => {
    const res = await t.call<CardInfo[]>('GET', 'cardInfo/list', { query });
    expect(res.code).toBe(200);
    return res.data;
  };
  const cardState = async (id: string) =>
    (await t.call<CardInfo>('GET', 'cardInfo/detail', { query: { id } })).data.saleState;

  it('answers a card info with its theme, supply and sale fields', async () => {
    const res = await t.call<CardInfo>('GET', 'cardInfo/detail', { query: { id: 'ci_now' } });
    expect(res).toMatchObject({ status: 200, code: 200 });
    expect(res.data).toEqual({
      id: 'ci_now',
      name: '維港煙花',
      description: '',
      image: '/media/1.svg',
      rarity: 'SSR',
      theme: { id: 'thm_a', name: '港島夜景' },
      editionSize: 100,
      minted: 10,
      isBCard: false,
      hot: false,
      priceCents: 12800,
      perUserLimit: 3,
      left: 85,
      saleStartsAt: at(-HOUR).toISOString(),
      saleEndsAt: null,
      saleState: 'on_sale',
      priorityStartsAt: null,
      rights: [{ title: '優先購買', description: '下一彈優先購買' }],
      marketPrice: { price: null, sample: 0, thin: true },
    });
  });

  it('computes each card sale state', async () => {
    expect(await cardState('ci_soon')).toBe('upcoming');
    expect(await cardState('ci_gone')).toBe('sold_out');
    expect(await cardState('ci_code')).toBe('not_for_sale');
    expect(await cardState('ci_over')).toBe('ended');
    const b = (await t.call<CardInfo>('GET', 'cardInfo/detail', { query: { id: 'ci_b' } })).data;
    expect(b).toMatchObject({ saleState: 'not_for_sale', priceCents: null, isBCard: true });
  });

  it('moves an upcoming drop to on sale at its start and to ended at its end', async () => {
    try {
      t.clock.set(at(2 * HOUR - 1));
      expect(await cardState('ci_soon')).toBe('upcoming');
      t.clock.set(at(2 * HOUR));
      expect(await cardState('ci_soon')).toBe('on_sale');
      t.clock.set(at(24 * HOUR - 1));
      expect(await cardState('ci_soon')).toBe('on_sale');
      t.clock.set(at(24 * HOUR));
      expect(await cardState('ci_soon')).toBe('ended');
    } finally {
      t.clock.set(start);
    }
  });

  it('turns sold out when the last editions are reserved, and back when released', async () => {
    // Rows written behind the services' back: the test tells the public cache, as the services do.
    await t.db.update(cardInfos).set({ reserved: 90 }).where(eq(cardInfos.id, 'ci_now'));
    t.app.deps.publicCache.invalidate('catalogue');
    try {
      const res = await t.call<CardInfo>('GET', 'cardInfo/detail', { query: { id: 'ci_now' } });
      expect(res.data).toMatchObject({ saleState: 'sold_out', left: 0 });
    } finally {
      await t.db.update(cardInfos).set({ reserved: 5 }).where(eq(cardInfos.id, 'ci_now'));
      t.app.deps.publicCache.invalidate('catalogue');
    }
    expect(await cardState('ci_now')).toBe('on_sale');
  });

  it('lists every card info, buyable first, then upcoming, sold out, ended, not for sale (theme order within)', async () => {
    expect((await list()).map((c) => c.id)).toEqual(['ci_now', 'ci_soon', 'ci_gone', 'ci_over', 'ci_b', 'ci_code']);
  });

  it('lists only what the mall sells with onSale', async () => {
    expect((await list({ onSale: '1' })).map((c) => c.id)).toEqual(['ci_now', 'ci_soon', 'ci_gone']);
    expect((await list({ onSale: 'true', rarity: 'UR' })).map((c) => c.id)).toEqual(['ci_soon']);
    expect(await list({ onSale: '0' })).toHaveLength(6);
  });

  it('filters by theme, rarity and sale state', async () => {
    expect((await list({ themeId: 'thm_b' })).map((c) => c.id)).toEqual(['ci_over', 'ci_code']);
    expect((await list({ rarity: 'UR' })).map((c) => c.id)).toEqual(['ci_soon', 'ci_b']);
    expect((await list({ saleState: 'on_sale,upcoming' })).map((c) => c.id)).toEqual(['ci_now', 'ci_soon']);
    expect(await list({ themeId: 'thm_nope' })).toEqual([]);
  });

  it('pages card infos; a short page is the end', async () => {
    const p1 = await list({ page: '1', pageSize: '4' });
    const p2 = await list({ page: '2', pageSize: '4' });
    const p3 = await list({ page: '3', pageSize: '4' });
    expect(p1).toHaveLength(4);
    expect(p2).toHaveLength(2);
    expect(p3).toEqual([]);
    expect(new Set([...p1, ...p2].map((c) => c.id)).size).toBe(6);
  });

  it('rejects bad card list filters with zh-HK messages', async () => {
    const rarity = await t.call('GET', 'cardInfo/list', { query: { rarity: 'XR' } });
    expect(rarity).toMatchObject({ status: 400, code: 400, data: null });
    expect(rarity.msg).toContain('稀有度');
    const state = await t.call('GET', 'cardInfo/list', { query: { saleState: 'on_sale,gone' } });
    expect(state).toMatchObject({ status: 400 });
    expect(state.msg).toContain('銷售狀態');
    const flag = await t.call('GET', 'cardInfo/list', { query: { onSale: 'yes' } });
    expect(flag).toMatchObject({ status: 400 });
    expect(flag.msg).toContain('只看發售中');
    const size = await t.call('GET', 'cardInfo/list', { query: { pageSize: '51' } });
    expect(size).toMatchObject({ status: 400 });
    expect(size.msg).toContain('每頁數量');
  });

  it('answers an unknown card info or product with 404', async () => {
    const card = await t.call('GET', 'cardInfo/detail', { query: { id: 'ci_nope' } });
    expect(card).toMatchObject({ status: 404, code: 404, msg: '找不到這張卡牌', data: null });
    const product = await t.call('GET', 'product/detail', { query: { id: 'prd_nope' } });
    expect(product).toMatchObject({ status: 404, code: 404, msg: '找不到這件商品', data: null });
    const missing = await t.call('GET', 'cardInfo/detail');
    expect(missing).toMatchObject({ status: 400 });
    expect(missing.msg).toContain('編號');
  });

  it('lists products of one type that are still on the shelf', async () => {
    const physical = await t.call<Product[]>('GET', 'product/list', { query: { type: '1' } });
    expect(physical.data.map((p) => [p.id, p.saleState])).toEqual([
      ['prd_fig', 'on_sale'],
      ['prd_box', 'upcoming'],
    ]);
    expect(physical.data[0]).toMatchObject({
      type: 1,
      image: '/media/p1.svg',
      images: ['/media/p1.svg', '/media/p1b.svg'],
      stock: 30,
      sold: 4,
      left: 25,
      perUserLimit: 2,
      priceCents: 29900,
    });
    const other = await t.call<Product[]>('GET', 'product/list', { query: { type: '0', pageSize: '2' } });
    expect(other.data.map((p) => p.id)).toEqual(['prd_v1', 'prd_v2']);
    const other2 = await t.call<Product[]>('GET', 'product/list', { query: { type: '0', pageSize: '2', page: '2' } });
    expect(other2.data.map((p) => p.id)).toEqual(['prd_v3']);
    expect(other2.data[0]!.image).toBe('');
  });

  it('still answers the detail of an ended product', async () => {
    const res = await t.call<Product>('GET', 'product/detail', { query: { id: 'prd_old' } });
    expect(res.data).toMatchObject({ id: 'prd_old', saleState: 'ended' });
  });

  it('moves a product from upcoming to on sale to sold out', async () => {
    const state = async () =>
      (await t.call<Product>('GET', 'product/detail', { query: { id: 'prd_box' } })).data.saleState;
    expect(await state()).toBe('upcoming');
    t.clock.set(at(3 * HOUR));
    try {
      expect(await state()).toBe('on_sale');
      await t.db.update(products).set({ sold: 10 }).where(eq(products.id, 'prd_box'));
      t.app.deps.publicCache.invalidate('catalogue');
      expect(await state()).toBe('sold_out');
    } finally {
      await t.db.update(products).set({ sold: 0 }).where(eq(products.id, 'prd_box'));
      t.app.deps.publicCache.invalidate('catalogue');
      t.clock.set(start);
    }
  });

  it('rejects a missing or bad product type with 400', async () => {
    const bad = await t.call('GET', 'product/list', { query: { type: '2' } });
    expect(bad).toMatchObject({ status: 400, code: 400, data: null });
    expect(bad.msg).toBe('「類型」只可以是 0（其他）或 1（實物）');
    const missing = await t.call('GET', 'product/list');
    expect(missing).toMatchObject({ status: 400, msg: '請選擇「類型」' });
  });

  describe('service for pay orders', () => {
    it('reads the sale rules of a card info and a product inside a transaction', async () => {
      const { catalogue } = t.app.services;
      const [card, product] = await t.db.transaction(async (tx) => [
        await catalogue.saleInfo(tx, { kind: 'card', id: 'ci_now' }, { lock: true }),
        await catalogue.saleInfo(tx, { kind: 'product', id: 'prd_fig' }),
      ]);
      expect(card).toEqual({
        kind: 'card',
        id: 'ci_now',
        name: '維港煙花',
        image: '/media/1.svg',
        priceCents: 12800,
        perUserLimit: 3,
        saleStartsAt: at(-HOUR),
        saleEndsAt: null,
        saleState: 'on_sale',
        total: 100,
        left: 85,
        productType: null,
        themeId: 'thm_a',
        hot: false,
      });
      expect(product).toMatchObject({
        kind: 'product',
        productType: 1,
        themeId: null,
        name: '神獸公仔',
        image: '/media/p1.svg',
        priceCents: 29900,
        total: 30,
        left: 25,
        saleState: 'on_sale',
      });
      await expect(
        t.db.transaction((tx) => catalogue.saleInfo(tx, { kind: 'card', id: 'nope' })),
      ).rejects.toMatchObject({ kind: 'not_found' });
      const bCard = await catalogue.saleInfo(t.db, { kind: 'card', id: 'ci_b' });
      expect(bCard).toMatchObject({ priceCents: null, saleState: 'not_for_sale' });
    });

    it('reserves only what is left and releases only what was reserved', async () => {
      const { catalogue } = t.app.services;
      const item = { kind: 'product' as const, id: 'prd_v1' };
      expect(await t.db.transaction((tx) => catalogue.reserve(tx, item, 2))).toBe(true);
      expect(await t.db.transaction((tx) => catalogue.reserve(tx, item, 2))).toBe(false);
      expect((await catalogue.saleInfo(t.db, item)).left).toBe(1);
      expect(await t.db.transaction((tx) => catalogue.reserve(tx, item, 1))).toBe(true);
      expect((await catalogue.saleInfo(t.db, item)).saleState).toBe('sold_out');
      expect(await t.db.transaction((tx) => catalogue.release(tx, item, 4))).toBe(false);
      expect(await t.db.transaction((tx) => catalogue.release(tx, item, 3))).toBe(true);
      expect((await catalogue.saleInfo(t.db, item)).left).toBe(3);

      const card = { kind: 'card' as const, id: 'ci_gone' };
      expect(await t.db.transaction((tx) => catalogue.reserve(tx, card, 1))).toBe(false);
      expect(await t.db.transaction((tx) => catalogue.release(tx, card, 2))).toBe(true);
      expect(await t.db.transaction((tx) => catalogue.reserve(tx, card, 2))).toBe(true);
      expect(await catalogue.saleInfo(t.db, card)).toMatchObject({ left: 0, saleState: 'sold_out' });
    });
  });
});
