import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateListingResult } from '../../../shared/schemas/market';
import type { SearchResult, Suggestion } from '../../../shared/schemas/search';
import { seedDemo } from '../../db/seed';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signInOperator } from '../../testing/operator';
import { give, signIn } from '../collection/collection-fixtures';
import { freshKey, giveCard, trader } from '../market/market.fixtures';

type User = { userId: string; token: string };

describe('search API (issue 22, decision 031)', () => {
  let t: TestApp;
  let seller: User;
  let listingId: string;
  let serial: number;
  let cheapId = '';

  const search = (query: Record<string, string>, u?: User) =>
    t.call<SearchResult>('GET', 'search', { query, token: u?.token });
  const ids = (s: { list: { id: string }[] }) => s.list.map((r) => r.id);
  /** A `ci_beast_qilin` card given to the seller and listed for sale at `price`: the new listing. */
  const listQilin = async (price: number) => {
    const card = await giveCard(t, seller.userId, 'ci_beast_qilin');
    const res = await t.call<CreateListingResult>('POST', 'market/create', {
      token: seller.token,
      body: { sell_type: 0, kind: 'card', itemId: card, price },
    });
    expect(res.status).toBe(200);
    return res.data.listing;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.db, t.clock.now());
    seller = await trader(t);
    const listing = await listQilin(12_300);
    listingId = listing.id;
    serial = listing.serial!;
  });
  afterAll(() => t.close());

  it('Simplified finds Traditional: 维港 → 維港幻彩, 維港之心', async () => {
    const res = await search({ q: '维港' });
    expect(res.status).toBe(200);
    expect(ids(res.data.cards)).toEqual(expect.arrayContaining(['ci_night_fireworks', 'ci_night_heart']));
    expect(res.data.cards.total).toBe(2);
  });

  it('one character finds what contains it, in every section', async () => {
    const { data } = await search({ q: '麟' });
    expect(ids(data.cards)).toEqual(['ci_beast_qilin']);
    expect(ids(data.goods)).toEqual(['prd_qilin_figure']);
    expect(ids(data.sellers)).toEqual(['usr_demo_qilin']);
    // The open listing, per item, with its lowest ask.
    expect(data.listings.list).toEqual([
      expect.objectContaining({ kind: 'card', id: 'ci_beast_qilin', lowestAsk: 12_300, asks: 1, listingId: null }),
    ]);
    expect(ids((await search({ q: '夜景' })).data.themes)).toEqual(['thm_night']);
  });

  it('English names, case-insensitive, with one typo in words of five letters or more', async () => {
    expect(ids((await search({ q: 'QILIN' })).data.cards)).toEqual(['ci_beast_qilin']);
    expect(ids((await search({ q: 'azure dragn' })).data.cards)).toEqual(['ci_beast_dragon']); // missing letter
    expect(ids((await search({ q: 'Drxgon' })).data.cards)).toEqual(['ci_beast_dragon']); // changed letter
    expect(ids((await search({ q: 'tortiose' })).data.cards)).toEqual(['ci_beast_turtle']); // swapped letters
    expect(ids((await search({ q: 'drag' })).data.cards)).toEqual(['ci_beast_dragon']); // a word's start
    expect((await search({ q: 'trsm' })).data.cards.total).toBe(0); // four letters: no typo allowed
  });

  it('a serial (#12 or 12/100) finds the listing of that serial', async () => {
    for (const q of [`#${serial}`, `${serial}/100`, `祥瑞 #${serial}`]) {
      const { data } = await search({ q });
      expect(data.listings.list, q).toEqual([
        expect.objectContaining({ id: 'ci_beast_qilin', listingId, serialLabel: `#${serial}/100`, lowestAsk: 12_300 }),
      ]);
      expect(data.listings.total, q).toBe(1);
      expect(data.cards.total).toBe(q.startsWith('祥瑞') ? 1 : 0);
    }
    expect((await search({ q: `#${serial}/99` })).data.listings.total).toBe(0);
  });

  it('facets count the query, each ignoring its own filter; filters narrow the sections', async () => {
    const all = (await search({ q: '港' })).data;
    expect(all.facets.theme).toEqual([{ key: 'thm_night', count: 2 }]);
    expect(all.facets.kind).toEqual([
      { key: 'card', count: 2 },
      { key: 'goods', count: 2 },
    ]);
    const ssr = (await search({ q: '方', rarity: 'SSR' })).data;
    expect(ssr.cards.list.every((c) => c.rarity === 'SSR')).toBe(true);
    // The rarity facet still counts every rarity of the query.
    expect(ssr.facets.rarity.reduce((n, r) => n + r.count, 0)).toBe(4);
    const cheap = (await search({ q: '麒麟', maxPrice: '20000', type: 'card' })).data;
    expect(ids(cheap.cards)).toEqual(['ci_beast_qilin']);
    expect(cheap.goods.total).toBe(0); // `type` keeps other sections out…
    expect(cheap.facets.kind.find((k) => k.key === 'goods')?.count).toBe(0); // …the figure costs more than HK$200
    // The price facet ignores the price filter: the card (HK$123) and the figure.
    expect(cheap.facets.price.find((b) => b.key === '100to500')?.count).toBe(2);
    const bids = (await search({ q: '麟', side: 'buy' })).data;
    expect(bids.listings.total).toBe(0);
  });

  it('「我未擁有」: card infos missing from the themes the user has started; signed out → 400', async () => {
    const u = await signIn(t);
    await give(t, u.userId, 'ci_night_ferry');
    const { data } = await search({ missing: 'true', pageSize: '50' }, u);
    expect(ids(data.cards).sort()).toEqual(
      ['ci_night_fireworks', 'ci_night_heart', 'ci_night_neon', 'ci_night_peak', 'ci_night_tram'].sort(),
    );
    expect(await search({ missing: 'true' })).toMatchObject({ status: 400, msg: '請先登入，才可篩選「我未擁有」' });
  });

  it('bad input is a 400 with a zh-HK message', async () => {
    const bad: Record<string, string>[] = [
      { q: '' },
      { q: '字'.repeat(101) },
      {},
      { q: '港', rarity: 'XX' },
      { q: '港', sort: 'cheapest' },
      { q: '港', type: 'user' },
      { q: '港', theme: 'thm_nope' },
      { q: '港', minPrice: '500', maxPrice: '100' },
      { q: '港', side: 'both' },
    ];
    for (const query of bad) {
      const res = await search(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.msg).toMatch(/\p{Script=Han}/u);
    }
  });

  it('suggestions as the user types, at most 8', async () => {
    const res = await t.call<{ list: Suggestion[] }>('GET', 'search/suggest', { query: { q: '麒' } });
    expect(res.data.list[0]).toEqual({ kind: 'card', id: 'ci_beast_qilin', text: '祥瑞麒麟' });
    // Sellers are suggested once they sell something: the trader (收藏家…), not the demo's 麒麟收藏家.
    const sellers = await t.call<{ list: Suggestion[] }>('GET', 'search/suggest', { query: { q: '收藏' } });
    expect(sellers.data.list.filter((s) => s.kind === 'seller').map((s) => s.id)).toEqual([seller.userId]);
    const many = await t.call<{ list: Suggestion[] }>('GET', 'search/suggest', { query: { q: '方' } });
    expect(many.data.list.length).toBeLessThanOrEqual(8);
  });

  it('the back office and a nickname change keep the index in their transaction', async () => {
    const op = await signInOperator(t);
    // Asked before the change too: the kept answer must not outlive it.
    expect((await search({ q: 'bolo' })).data.cards.total).toBe(0);
    const edit = await t.call('POST', 'admin/cardInfos/update', {
      token: op.token,
      body: { id: 'ci_cha_bun', nameEn: 'Bolo Bao' },
    });
    expect(edit.status).toBe(200);
    expect(ids((await search({ q: 'bolo' })).data.cards)).toEqual(['ci_cha_bun']);
    const u = await signIn(t);
    expect((await t.call('POST', 'user/updateInfo', { token: u.token, body: { nickname: '龍珠收藏' } })).status).toBe(
      200,
    );
    expect(ids((await search({ q: '龙珠' })).data.sellers)).toEqual([u.userId]);
  });

  it('a kept answer gives way to a market write', async () => {
    const before = (await search({ q: '祥瑞' })).data.listings.list[0];
    cheapId = (await listQilin(9_000)).id;
    const after = (await search({ q: '祥瑞' })).data.listings.list[0];
    expect([before?.asks, after?.asks, after?.lowestAsk]).toEqual([1, 2, 9_000]);
  });

  // The docs carry what search counts and sorts on (migration 0019): a cancel and a catalogue price move them.
  it('a cancelled listing and a new catalogue price reach the sections and facets', async () => {
    const cheapest = (await search({ q: '祥瑞', pageSize: '5' })).data;
    expect(cheapest.listings.list[0]).toMatchObject({ asks: 2, lowestAsk: 9_000 });
    expect(cheapest.facets.price.find((b) => b.key === 'under100')?.count).toBe(1);
    expect((await t.call('POST', 'market/cancel', { token: seller.token, body: { id: cheapId } })).status).toBe(200);
    const after = (await search({ q: '祥瑞', pageSize: '5' })).data;
    expect(after.listings.list[0]).toMatchObject({ asks: 1, lowestAsk: 12_300 });
    expect(after.facets.price.find((b) => b.key === '100to500')?.count).toBeGreaterThanOrEqual(1);
    expect(after.facets.price.find((b) => b.key === 'under100')?.count).toBe(0);

    const op = await signInOperator(t);
    const edit = await t.call('POST', 'admin/cardInfos/update', {
      token: op.token,
      body: { id: 'ci_cha_bun', priceCents: 250_000 },
    });
    expect(edit.status).toBe(200);
    const dear = (await search({ q: '菠蘿油', minPrice: '200000' })).data;
    expect(ids(dear.cards)).toEqual(['ci_cha_bun']);
    expect(dear.facets.price.find((b) => b.key === 'over2000')?.count).toBe(1);
  });

  it('the listed items say how many their highest bid wants (issue 44)', async () => {
    const bidder = await trader(t);
    const created = await t.call<CreateListingResult>('POST', 'market/create', {
      token: bidder.token,
      body: { sell_type: 1, kind: 'card', cardInfoId: 'ci_beast_qilin', price: 900_000, quantity: 2 },
      headers: { 'Idempotency-Key': freshKey() },
    });
    expect(created.status).toBe(200);
    const orderNo = created.data.orderNo!;
    expect((await t.app.inject({ method: 'POST', url: `/pay/sandbox/${orderNo}/confirm` })).statusCode).toBe(303);
    await t.call('GET', 'payOrder/payCheck', { token: bidder.token, query: { orderNo } });
    const found = (await search({ q: '祥瑞麒麟' })).data.listings.list.find((l) => l.id === 'ci_beast_qilin');
    expect(found).toMatchObject({ highestBid: 900_000, highestBidWant: { quantity: 2, filled: 0 } });
  });
});
