import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateListingResult } from '../../../shared/schemas/market';
import type { PortfolioHistory, PortfolioSummary } from '../../../shared/schemas/portfolio';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addTheme, give } from '../collection/collection-fixtures';
import { freshKey, trader } from '../market/market.fixtures';

type User = { userId: string; token: string };
const DAY = 86_400_000;

/** What a collection is worth (issue 24): cost basis, value, profit and loss, snapshots; the user's own only. */
describe('portfolio API', () => {
  let t: TestApp;
  let a: User;
  let b: User;
  let c: User;
  const ci = 'pf_c1';
  const lonely = 'pf_c2';

  const post = <T>(path: string, u: User, body: unknown, headers?: Record<string, string>) =>
    t.call<T>('POST', path, { token: u.token, body, headers });
  const summary = async (u: User) =>
    (await t.call<PortfolioSummary>('GET', 'portfolio/summary', { token: u.token })).data;

  beforeAll(async () => {
    t = await createTestApp();
    [a, b, c] = [await trader(t), await trader(t), await trader(t)];
    await addTheme(t, 'pf', [
      { id: ci, name: '估值龍' },
      { id: lonely, name: '無價鳥' },
    ]);
    // A: one from the mall (HK$30), one from a code, one never traded. B: one from the mall (HK$30), sold to A's bid.
    await give(t, a.userId, ci, 1, 3_000);
    await t.db.transaction((tx) =>
      t.app.services.cards.mint(tx, { cardInfoId: ci, ownerId: a.userId, quantity: 1, via: 'code', refId: 'code' }),
    );
    await give(t, a.userId, lonely, 1, 2_000);
    const [sold] = await give(t, b.userId, ci, 1, 3_000);
    const bid = await post<CreateListingResult>(
      'market/create',
      a,
      { sell_type: 1, kind: 'card', cardInfoId: ci, price: 8_000 },
      { 'Idempotency-Key': freshKey() },
    );
    const orderNo = bid.data.orderNo!;
    expect((await t.app.inject({ method: 'POST', url: `/pay/sandbox/${orderNo}/confirm` })).statusCode).toBe(303);
    await t.call('GET', 'payOrder/payCheck', { token: a.token, query: { orderNo } });
    expect((await post('market/confirmOrder', b, { listingId: bid.data.listing.id, itemId: sold!.id })).status).toBe(
      200,
    );
    // C lists one at HK$90: one sale is a thin market, so the floor values the card.
    const [listed] = await give(t, c.userId, ci, 1, 3_000);
    expect(
      (await post('market/create', c, { sell_type: 0, kind: 'card', itemId: listed!.id, price: 9_000 })).status,
    ).toBe(200);
  });
  afterAll(() => t.close());

  it('values held items at the floor where the market is thin, with cost from what the user paid', async () => {
    const s = await summary(a);
    expect(s).toMatchObject({ items: 4, priced: 3, cost: 3_000 + 0 + 2_000 + 8_000, value: 27_000, realised: 0 });
    expect(s.unrealised).toBe(27_000 - 11_000);
    const bySource = (source: string) => s.list.filter((i) => i.costSource === source);
    expect(
      bySource('mall')
        .map((i) => i.cost)
        .sort(),
    ).toEqual([2_000, 3_000]);
    expect(bySource('code')).toMatchObject([{ cost: 0, value: 9_000, valueSource: 'floor', unrealised: 9_000 }]);
    expect(bySource('market')).toMatchObject([{ cost: 8_000, value: 9_000, unrealised: 1_000 }]);
    expect(s.list.find((i) => i.name === '無價鳥')).toMatchObject({
      value: null,
      valueSource: 'none',
      unrealised: null,
    });
    expect(s.themes).toMatchObject([{ themeId: 'pf', name: '卡冊 pf', items: 4, value: 27_000 }]);
    expect(s.change).toBeNull();
  });

  it('counts a sale as realised profit net of the fee, by theme', async () => {
    const s = await summary(b);
    expect(s).toMatchObject({ items: 0, cost: 0, value: 0, realised: 8_000 - 400 - 3_000 });
    expect(s.themes).toMatchObject([{ themeId: 'pf', realised: 4_600 }]);
  });

  it('is only ever the signed-in user’s own', async () => {
    expect((await t.call('GET', 'portfolio/summary', {})).status).toBe(403);
    expect((await t.call('GET', 'portfolio/history', { query: { range: '7d' } })).status).toBe(403);
    expect(
      (await t.call('GET', 'portfolio/summary', { token: a.token, query: { userId: b.userId } })).data,
    ).toMatchObject({
      items: 4,
    });
    expect(await t.call('GET', 'portfolio/history', { token: a.token, query: { range: '2y' } })).toMatchObject({
      status: 400,
      msg: '時間範圍只可以是 7d、30d、90d 或 1y',
    });
  });

  it('takes one snapshot a day per holder, however often the job runs, and charts them', async () => {
    const first = await t.app.services.portfolio.snapshotDue(100);
    expect(first).toBeGreaterThanOrEqual(2);
    expect(await t.app.services.portfolio.snapshotDue(100)).toBe(0);
    // Two instances at once on the next day: each holder's day is written once between them.
    t.clock.advance(DAY);
    const both = await Promise.all([
      t.app.services.portfolio.snapshotDue(100),
      t.app.services.portfolio.snapshotDue(100),
    ]);
    expect(both[0] + both[1]).toBe(first);
    const history = (
      await t.call<PortfolioHistory>('GET', 'portfolio/history', { token: a.token, query: { range: '7d' } })
    ).data;
    expect(history.points).toHaveLength(2);
    expect(history.points.map((p) => p.value)).toEqual([27_000, 27_000]);
    // B holds nothing: no snapshot, no points.
    expect((await t.call<PortfolioHistory>('GET', 'portfolio/history', { token: b.token })).data.points).toEqual([]);
    // A price cut on C's listing moves today's value; the change is measured from yesterday's snapshot.
    const [listing] = (
      await t.call<{ id: string }[]>('GET', 'market/myList', { token: c.token, query: { sell_type: '0' } })
    ).data;
    expect((await post('market/editPrice', c, { id: listing!.id, price: 7_000 })).status).toBe(200);
    const s = await summary(a);
    expect(s.value).toBe(21_000);
    expect(s.change).toBe(21_000 - 27_000);
  });
});
