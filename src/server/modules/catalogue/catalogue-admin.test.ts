import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { auditOf, signInOperator } from '../../testing/operator';
import { signIn, give } from '../collection/collection-fixtures';

describe('admin catalogue API', () => {
  let t: TestApp;
  let op: { token: string; userId: string };
  let user: { token: string };
  const hour = 3600_000;
  const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
  // Each action a millisecond later, so audit records sort in the order they were made.
  const post = <T>(path: string, body: unknown, token = op.token) => {
    t.clock.advance(1);
    return t.call<T>('POST', `admin/${path}`, { body, token });
  };
  const get = <T>(path: string, query: Record<string, string> = {}, token = op.token) =>
    t.call<T>('GET', `admin/${path}`, { query, token });

  beforeAll(async () => {
    t = await createTestApp();
    op = await signInOperator(t);
    user = await signIn(t);
  });
  afterAll(() => t.close());

  async function newTheme(name = '港島夜景') {
    const res = await post<{ id: string }>('themes/create', { name, cover: '/uploads/x/640.webp' });
    expect(res.code).toBe(200);
    return res.data.id;
  }
  const cardBody = (themeId: string, extra: object = {}) => ({
    themeId,
    name: '維港幻彩',
    image: '/uploads/c/640.webp',
    rarity: 'SSR',
    editionSize: 10,
    priceCents: 18800,
    saleStartsAt: at(0),
    saleEndsAt: at(48 * hour),
    perUserLimit: 2,
    rights: [{ title: '優先購買', description: '下一彈優先' }],
    ...extra,
  });

  it('creates, lists (with X-Total-Count), shows and updates a theme, each step audited', async () => {
    const created = await post<{ id: string; name: string; cardInfoCount: number; bCardInfoId: null }>(
      'themes/create',
      { name: '茶餐廳', description: '港式', cover: '/uploads/a/640.webp', sort: 3 },
    );
    expect(created).toMatchObject({
      code: 200,
      msg: '已建立卡冊',
      data: { name: '茶餐廳', cardInfoCount: 0, bCardInfoId: null },
    });
    const id = created.data.id;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/themes?q=茶餐&pageSize=5',
      headers: { authorization: `Bearer ${op.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.json().data.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await get('themes/detail', { id })).data).toMatchObject({ id, description: '港式', sort: 3 });
    const updated = await post<{ name: string; description: string }>('themes/update', { id, name: '茶餐廳系列' });
    expect(updated.data).toMatchObject({ name: '茶餐廳系列', description: '港式' });
    const records = await auditOf(t, id);
    expect(records.map((r) => r.action)).toEqual(['theme.update', 'theme.create']);
    expect(records[0]).toMatchObject({ actorId: op.userId, before: { name: '茶餐廳' }, after: { name: '茶餐廳系列' } });
    expect(records[0]!.requestId).toMatch(/^req_/);
  });

  it('creates a card info in a theme and refuses a sale window that ends before it starts (400, zh-HK)', async () => {
    const themeId = await newTheme();
    const created = await post<{ id: string; minted: number; reserved: number; themeName: string }>(
      'cardInfos/create',
      cardBody(themeId),
    );
    expect(created).toMatchObject({ code: 200, data: { minted: 0, reserved: 0, themeName: '港島夜景' } });
    expect((await auditOf(t, created.data.id, 'card_info.create')).length).toBe(1);
    // The mall sells it at once: the window starts now.
    expect(
      (await t.call<{ saleState: string }>('GET', 'cardInfo/detail', { query: { id: created.data.id } })).data
        .saleState,
    ).toBe('on_sale');

    const bad = await post('cardInfos/create', cardBody(themeId, { saleStartsAt: at(hour), saleEndsAt: at(hour) }));
    expect(bad).toMatchObject({ status: 400, code: 400, msg: '「停售時間」必須遲於「開售時間」' });
    const badUpdate = await post('cardInfos/update', { id: created.data.id, saleEndsAt: at(-hour) });
    expect(badUpdate).toMatchObject({ code: 400, msg: '「停售時間」必須遲於「開售時間」' });
    expect((await post('cardInfos/create', cardBody(themeId, { rarity: 'X' }))).msg).toContain('稀有度');
    expect((await post('cardInfos/create', cardBody('thm_none'))).msg).toBe('找不到所選的卡冊');
    expect((await post('cardInfos/create', cardBody(themeId, { isBCard: true }))).code).toBe(400);
  });

  it('sets perks by their fields: the words are written from the effect, the theme must exist (decision 029)', async () => {
    const themeId = await newTheme('神獸紀元');
    const limit = { period: 'month', per: 'holder', uses: 1, minSpendCents: null };
    const rights = [
      { effect: { kind: 'discount', percentOff: 20, productType: 1, limit } },
      { effect: { kind: 'priority', windowHours: 24, themeId } },
      { title: '週年紀念禮品', description: '持卡人可免費領取紀念卡。' },
    ];
    const created = await post<{ id: string; rights: { id: string; title: string; description: string }[] }>(
      'cardInfos/create',
      cardBody(themeId, { rights }),
    );
    expect(created.code).toBe(200);
    expect(created.data.rights.map((r) => [r.title, r.description])).toEqual([
      ['商城 8 折（每月一次）', '持卡期間，於寶庫商城購買實物商品可享 8 折（每月一次）。'],
      ['優先購買權', '持有此卡可於「神獸紀元」卡牌公開發售前 24 小時優先購買。'],
      ['週年紀念禮品', '持卡人可免費領取紀念卡。'],
    ]);
    expect(created.data.rights.every((r) => r.id)).toBe(true);
    // An update keeps the ids it is sent (the perk's uses are keyed on them).
    const kept = created.data.rights.map((r) => ({ id: r.id, title: r.title, description: r.description }));
    const updated = await post<{ rights: { id: string }[] }>('cardInfos/update', { id: created.data.id, rights: kept });
    expect(updated.data.rights.map((r) => r.id)).toEqual(kept.map((r) => r.id));

    const noTheme = { effect: { kind: 'priority', windowHours: 24, themeId: 'thm_none' } };
    expect((await post('cardInfos/create', cardBody(themeId, { rights: [noTheme] }))).msg).toBe(
      '權益 1：找不到所選的卡冊',
    );
    const tooMuch = { effect: { kind: 'discount', percentOff: 95, productType: 1, limit } };
    expect((await post('cardInfos/create', cardBody(themeId, { rights: [tooMuch] }))).msg).toContain('折扣百分比');
    expect((await post('cardInfos/create', cardBody(themeId, { rights: [{ description: 'x' }] }))).msg).toContain(
      '權益標題',
    );
  });

  it('refuses an edition size below minted + reserved, and deleting a card info that has cards (409)', async () => {
    const themeId = await newTheme();
    const { data: info } = await post<{ id: string }>('cardInfos/create', cardBody(themeId));
    await give(t, op.userId, info.id, 4);
    const low = await post('cardInfos/update', { id: info.id, editionSize: 3 });
    expect(low).toMatchObject({ status: 409, code: 409, msg: '「發行量」不能少於已發行及訂單保留的數量（4）' });
    expect(
      (await post<{ editionSize: number }>('cardInfos/update', { id: info.id, editionSize: 4 })).data.editionSize,
    ).toBe(4);
    const del = await post('cardInfos/delete', { id: info.id });
    expect(del).toMatchObject({ code: 409 });
    expect(del.msg).toContain('已發行 4 張');
    const delTheme = await post('themes/delete', { id: themeId });
    expect(delTheme).toMatchObject({ code: 409, msg: '此卡冊仍有 1 張卡牌，請先刪除或移走卡牌' });
    // Refusals leave no audit record.
    expect((await auditOf(t, info.id)).map((r) => r.action)).toEqual(['card_info.update', 'card_info.create']);
  });

  it('refuses deleting a card info that has an exchange code batch, and deletes one with nothing', async () => {
    const themeId = await newTheme();
    const { data: coded } = await post<{ id: string }>(
      'cardInfos/create',
      cardBody(themeId, { priceCents: null, saleStartsAt: null, saleEndsAt: null }),
    );
    await t.app.services.codes.createBatch({ cardInfoId: coded.id, count: 2 });
    const refused = await post('cardInfos/delete', { id: coded.id });
    expect(refused).toMatchObject({ code: 409, msg: '此卡牌已有兌換碼批次，不能刪除' });
    const { data: plain } = await post<{ id: string }>('cardInfos/create', cardBody(themeId));
    expect(await post('cardInfos/delete', { id: plain.id })).toMatchObject({ code: 200, msg: '已刪除卡牌' });
    expect((await get('cardInfos/detail', { id: plain.id })).code).toBe(404);
    expect((await auditOf(t, plain.id, 'card_info.delete'))[0]?.before).toMatchObject({ name: '維港幻彩' });
  });

  it('sets a theme B card only to one of its own card infos marked B card, and guards it', async () => {
    const themeId = await newTheme();
    const other = await newTheme('別的');
    const { data: plain } = await post<{ id: string }>('cardInfos/create', cardBody(themeId));
    const { data: b } = await post<{ id: string }>(
      'cardInfos/create',
      cardBody(themeId, { isBCard: true, priceCents: null, saleStartsAt: null, saleEndsAt: null }),
    );
    const { data: foreignB } = await post<{ id: string }>(
      'cardInfos/create',
      cardBody(other, { isBCard: true, priceCents: null, saleStartsAt: null, saleEndsAt: null }),
    );
    expect((await post('themes/update', { id: themeId, bCardInfoId: plain.id })).msg).toBe(
      '「B 卡」須為此卡冊中標記為 B 卡的卡牌',
    );
    expect((await post('themes/update', { id: themeId, bCardInfoId: foreignB.id })).code).toBe(400);
    expect(
      (await post<{ bCardInfoId: string }>('themes/update', { id: themeId, bCardInfoId: b.id })).data.bCardInfoId,
    ).toBe(b.id);
    expect((await post('cardInfos/update', { id: b.id, isBCard: false })).code).toBe(409);
    expect((await post('cardInfos/delete', { id: b.id })).code).toBe(409);
    expect((await get<{ cardInfoCount: number }>('themes/detail', { id: themeId })).data.cardInfoCount).toBe(2);
  });

  it('creates and updates a product, refuses stock below sold + reserved, filters by type', async () => {
    const created = await post<{ id: string; sold: number; images: string[] }>('products/create', {
      type: 1,
      name: '限定卡套',
      images: ['/uploads/p/640.webp'],
      priceCents: 9900,
      stock: 5,
      perUserLimit: 2,
      saleStartsAt: at(-hour),
      saleEndsAt: null,
    });
    expect(created).toMatchObject({ code: 200, data: { sold: 0, images: ['/uploads/p/640.webp'] } });
    const id = created.data.id;
    // One unit reserved by a pending order.
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/payOrder/create',
      headers: { authorization: `Bearer ${user.token}`, 'idempotency-key': 'admin-cat-order-1' },
      payload: { type: 'product', productId: id, quantity: 1 },
    });
    expect(order.statusCode).toBe(200);
    expect(await post('products/update', { id, stock: 0 })).toMatchObject({
      code: 409,
      msg: '「庫存」不能少於已售出及訂單保留的數量（1）',
    });
    expect((await post<{ stock: number; reserved: number }>('products/update', { id, stock: 1 })).data).toMatchObject({
      stock: 1,
      reserved: 1,
    });
    expect((await post('products/delete', { id })).msg).toBe('此商品有未完成的訂單，不能刪除');
    expect(
      (await post('products/create', { type: 2, name: 'x', images: ['/a.webp'], priceCents: 100, stock: 1 })).msg,
    ).toContain('類型');
    expect(
      (await post('products/create', { type: 1, name: 'x', images: ['/a.webp'], priceCents: 50, stock: 1 })).msg,
    ).toBe('「售價」不能低於 HK$1');
    const physical = await get<{ id: string }[]>('products', { type: '1' });
    expect(physical.data.map((p) => p.id)).toContain(id);
    expect((await get<{ id: string }[]>('products', { type: '0' })).data.map((p) => p.id)).not.toContain(id);
    expect((await auditOf(t, id)).map((r) => r.action)).toEqual(['product.update', 'product.create']);
  });

  it('shows the drop calendar: windows overlapping the range, with sold and reserved', async () => {
    const themeId = await newTheme();
    const { data: soon } = await post<{ id: string }>(
      'cardInfos/create',
      cardBody(themeId, { name: '下週開售', saleStartsAt: at(7 * 24 * hour), saleEndsAt: at(8 * 24 * hour) }),
    );
    const { data: now } = await post<{ id: string }>('cardInfos/create', cardBody(themeId, { name: '現正發售' }));
    const week = await get<{ id: string; kind: string; total: number; sold: number }[]>('drops', {
      from: at(0),
      to: at(24 * hour),
    });
    const ids = week.data.map((d) => d.id);
    expect(ids).toContain(now.id);
    expect(ids).not.toContain(soon.id);
    expect(week.data.find((d) => d.id === now.id)).toMatchObject({ kind: 'card', total: 10, sold: 0 });
    const later = await get<{ id: string }[]>('drops', { from: at(6 * 24 * hour), to: at(9 * 24 * hour) });
    expect(later.data.map((d) => d.id)).toContain(soon.id);
    expect((await get('drops', { from: at(hour), to: at(0) })).msg).toBe('「至」必須遲於「由」');
  });

  it('answers 404 to a signed-in non-operator and 403 to a signed-out caller', async () => {
    expect((await get('themes', {}, user.token)).status).toBe(404);
    expect((await post('themes/create', { name: 1 }, user.token)).status).toBe(404);
    expect((await t.call('POST', 'admin/cardInfos/create', { body: {} })).status).toBe(403);
  });
});
