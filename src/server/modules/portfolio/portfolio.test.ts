import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeBCardResult, ExchangeResult } from '../../../shared/schemas/collection';
import type { CreateListingResult } from '../../../shared/schemas/market';
import type { CreateOfferResult } from '../../../shared/schemas/offers';
import type { AdminPack, PackOpen } from '../../../shared/schemas/packs';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import type { PortfolioHistory, PortfolioItem, PortfolioSummary } from '../../../shared/schemas/portfolio';
import { cardInfos, cards, themes } from '../../db/schema';
import { signInOperator } from '../../testing/operator';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { freshKey, trader } from '../market/market.fixtures';
import { credit } from '../offers/offers.fixtures';
import { createPoolCards, packSeriesBody } from '../packs/packs.fixtures';

type User = { userId: string; token: string };
const DAY = 86_400_000;

/**
 * What a collection is worth (issue 24): cost basis from the sale record (decision 049), value, profit and loss,
 * snapshots; the user's own only. Every unit reaches its owner through the API, as a user would get it.
 */
describe('portfolio API', () => {
  let t: TestApp;
  let a: User;
  let b: User;
  let c: User;
  const ci = 'pf_c1';
  const lonely = 'pf_c2';

  const post = <T>(path: string, u: User, body: unknown, headers?: Record<string, string>) =>
    t.call<T>('POST', path, { token: u.token, body, headers });
  const must = async <T>(res: Promise<{ status: number; msg: string; data: T }>) => {
    const r = await res;
    expect(r.status, r.msg).toBe(200);
    return r.data;
  };
  const summary = async (u: User) =>
    (await t.call<PortfolioSummary>('GET', 'portfolio/summary', { token: u.token })).data;
  const itemIn = (s: PortfolioSummary, itemId: string): PortfolioItem | undefined =>
    s.list.find((i) => i.itemId === itemId);

  /** Card infos sold in the mall at `prices` (null: code or pack only), in a theme of their own with `bCard`. */
  async function catalogue(theme: string, prices: [string, number | null][], bCard?: string) {
    await t.db.insert(themes).values({ id: theme, name: `卡冊 ${theme}`, cover: '/media/t.svg' });
    await t.db.insert(cardInfos).values(
      prices.map(([id, price], i) => ({
        id,
        themeId: theme,
        name: `卡牌 ${id}`,
        image: '/media/c.svg',
        rarity: 'SR' as const,
        editionSize: 100,
        priceCents: price,
        perUserLimit: 5,
        sort: i,
      })),
    );
    if (bCard) {
      await t.db.insert(cardInfos).values({
        id: bCard,
        themeId: theme,
        name: 'B 卡',
        image: '/b.svg',
        rarity: 'UR',
        editionSize: 5,
        isBCard: true,
      });
      await t.db.update(themes).set({ bCardInfoId: bCard }).where(eq(themes.id, theme));
    }
  }

  /** A mall order of `u`, paid at the sandbox checkout: its order number. */
  async function buy(u: User, body: Record<string, unknown>): Promise<string> {
    const order = await must(post<PayOrder>('payOrder/create', u, body, { 'Idempotency-Key': freshKey() }));
    const res = await t.app.inject({ method: 'POST', url: `/pay/sandbox/${order.orderNo}/confirm` });
    expect(res.statusCode).toBe(303);
    return order.orderNo;
  }
  /** One card of `cardInfoId` bought in the mall by `u`: its id. */
  async function buyCard(u: User, cardInfoId: string): Promise<string> {
    await buy(u, { type: 'card', cardInfoId, quantity: 1 });
    const [card] = await t.db
      .select({ id: cards.id })
      .from(cards)
      .where(and(eq(cards.ownerId, u.userId), eq(cards.cardInfoId, cardInfoId)))
      .orderBy(desc(cards.acquiredAt), desc(cards.id))
      .limit(1);
    return card!.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    [a, b, c] = [await trader(t), await trader(t), await trader(t)];
    await catalogue('pf', [
      [ci, 3_000],
      [lonely, 2_000],
    ]);
    // A: one from the mall (HK$30), one never traded (HK$20). B: one from the mall (HK$30), sold into A's bid.
    await buyCard(a, ci);
    await buyCard(a, lonely);
    const sold = await buyCard(b, ci);
    const bid = await must(
      post<CreateListingResult>(
        'market/create',
        a,
        { sell_type: 1, kind: 'card', cardInfoId: ci, price: 8_000 },
        { 'Idempotency-Key': freshKey() },
      ),
    );
    expect((await t.app.inject({ method: 'POST', url: `/pay/sandbox/${bid.orderNo}/confirm` })).statusCode).toBe(303);
    await must(post('market/confirmOrder', b, { listingId: bid.listing.id, itemId: sold }));
    // C lists one at HK$90: one sale is a thin market, so the floor values the card.
    const listed = await buyCard(c, ci);
    await must(post('market/create', c, { sell_type: 0, kind: 'card', itemId: listed, price: 9_000 }));
  });
  afterAll(() => t.close());

  it('values held items at the floor where the market is thin, each costing what its sale to the user set', async () => {
    const s = await summary(a);
    expect(s).toMatchObject({ items: 3, priced: 2, cost: 3_000 + 2_000 + 8_000, value: 18_000, realised: 0 });
    expect(s.unrealised).toBe(18_000 - 11_000);
    expect(s.list.map((i) => [i.cost, i.costRule]).sort()).toEqual([
      [2_000, 'paid'],
      [3_000, 'paid'],
      [8_000, 'paid'],
    ]);
    expect(s.list.find((i) => i.cost === 8_000)).toMatchObject({
      value: 9_000,
      valueSource: 'floor',
      unrealised: 1_000,
    });
    expect(s.list.find((i) => i.name === `卡牌 ${lonely}`)).toMatchObject({
      value: null,
      valueSource: 'none',
      unrealised: null,
    });
    expect(s.themes).toMatchObject([{ themeId: 'pf', name: '卡冊 pf', items: 3, value: 18_000 }]);
    expect(s.change).toBeNull();
  });

  it('costs a pack’s cards their share of its price, a B card the cards given for it, a code’s card nothing', async () => {
    const p = await trader(t);
    // A pack of three at HK$76 from a pool of code-only cards.
    const op = await signInOperator(t);
    const pool = await createPoolCards(t.db, [
      { rarity: 'N', editionSize: 30 },
      { rarity: 'SR', editionSize: 30 },
    ]);
    const series = await must(
      post<AdminPack>(
        'admin/packs/create',
        op,
        packSeriesBody(
          [
            [pool[0]!, 6],
            [pool[1]!, 3],
          ],
          { cardsPerPack: 3, perUserLimit: 2, priceCents: 7_600 },
        ),
      ),
    );
    const orderNo = await buy(p, { type: 'pack', seriesId: series.id, quantity: 1 });
    const opened = await must(post<PackOpen>('pack/open', p, { orderNo }));
    const packCards = opened.packs.flatMap((x) => x.cards).map((x) => x.id);
    // A B card for two mall cards bought at HK$10 and HK$25.
    await catalogue(
      'pfb',
      [
        ['pfb_c1', 1_000],
        ['pfb_c2', 2_500],
      ],
      'pfb_b',
    );
    for (const id of ['pfb_c1', 'pfb_c2']) await buyCard(p, id);
    const exchanged = await must(post<ExchangeBCardResult>('card/exchangeBCard', p, { themeId: 'pfb' }));
    // A code for a code-only card.
    await catalogue('pfc', [['pfc_c1', null]]);
    const { codes } = await t.app.services.codes.createBatch({ cardInfoId: 'pfc_c1', count: 1 });
    const coded = (await must(post<ExchangeResult>('card/exchange', p, { code: codes[0] }))).cards[0]!.id;

    const s = await summary(p);
    expect(packCards.map((id) => [itemIn(s, id)?.cost, itemIn(s, id)?.costRule])).toEqual([
      [2_534, 'pack_share'],
      [2_533, 'pack_share'],
      [2_533, 'pack_share'],
    ]);
    expect(itemIn(s, exchanged.bCard.id)).toMatchObject({ cost: 3_500, costRule: 'cards_given' });
    expect(itemIn(s, coded)).toMatchObject({ cost: 0, costRule: 'code' });
    // The cards given are gone, and their cost with them into the B card's: nothing is counted twice or lost.
    expect(s).toMatchObject({ items: 5, cost: 7_600 + 3_500 });
  });

  it('counts a sale as realised profit net of the fee, by theme, an accepted counter-offer among them', async () => {
    const s = await summary(b);
    expect(s).toMatchObject({ items: 0, cost: 0, value: 0, realised: 8_000 - 400 - 3_000 });
    expect(s.themes).toMatchObject([{ themeId: 'pf', realised: 4_600 }]);

    // D bought 北方玄武 at HK$13.25 and lists it at HK$25; E offers HK$19; D counters HK$22; E accepts.
    const [d, e] = [await trader(t), await trader(t)];
    await catalogue('pfo', [['pfo_c1', 1_325]]);
    const card = await buyCard(d, 'pfo_c1');
    const listing = await must(
      post<CreateListingResult>('market/create', d, { sell_type: 0, kind: 'card', itemId: card, price: 2_500 }),
    );
    await credit(t, e.userId, 5_000);
    const offer = await must(
      post<CreateOfferResult>('offer/create', e, {
        kind: 'card',
        itemId: card,
        price: 1_900,
        expiresInHours: 24,
        listingId: listing.listing.id,
      }),
    );
    await must(post('offer/counter', d, { id: offer.id, price: 2_200 }));
    await must(post('offer/accept', e, { id: offer.id, price: 2_200 }));
    // HK$22 less the 5 % fee, less the HK$13.25 it cost: +HK$7.65.
    expect(await summary(d)).toMatchObject({ items: 0, realised: 765, themes: [{ themeId: 'pfo', realised: 765 }] });
    expect(itemIn(await summary(e), card)).toMatchObject({ cost: 2_200, costRule: 'paid' });
  });

  it('is only ever the signed-in user’s own', async () => {
    expect((await t.call('GET', 'portfolio/summary', {})).status).toBe(403);
    expect((await t.call('GET', 'portfolio/history', { query: { range: '7d' } })).status).toBe(403);
    expect(
      (await t.call('GET', 'portfolio/summary', { token: a.token, query: { userId: b.userId } })).data,
    ).toMatchObject({
      items: 3,
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
    expect(history.points.map((p) => p.value)).toEqual([18_000, 18_000]);
    // B holds nothing: no snapshot, no points.
    expect((await t.call<PortfolioHistory>('GET', 'portfolio/history', { token: b.token })).data.points).toEqual([]);
    // A price cut on C's listing moves today's value; the change is measured from yesterday's snapshot.
    const [listing] = (
      await t.call<{ id: string }[]>('GET', 'market/myList', { token: c.token, query: { sell_type: '0' } })
    ).data;
    expect((await post('market/editPrice', c, { id: listing!.id, price: 7_000 })).status).toBe(200);
    const s = await summary(a);
    expect(s.value).toBe(14_000);
    expect(s.change).toBe(14_000 - 18_000);
  });
});
