import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferAvailability } from '../../../shared/schemas/offers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { giveCard, trader } from '../market/market.fixtures';
import { newCardInfo } from './offers.fixtures';

describe('offer/availability: whether an item takes an offer now (the public card page asks)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ask = (itemId: string, token?: string) =>
    t.call<OfferAvailability>('GET', 'offer/availability', { query: { kind: 'card', itemId }, token });

  it('answers anyone; the owner, a switched-off item and a listed one take none, with the reason', async () => {
    const owner = await trader(t);
    const visitor = await trader(t);
    const card = await giveCard(t, owner.userId, await newCardInfo(t));

    expect((await ask(card)).data).toEqual({ takesOffers: true, reason: null, marketPrice: null });
    expect((await ask(card, visitor.token)).data.takesOffers).toBe(true);
    expect((await ask(card, owner.token)).data).toMatchObject({ takesOffers: false, reason: '這是你自己的物品' });

    const off = { kind: 'card', itemId: card, allowOffers: false, autoDeclinePct: null };
    expect((await t.call('POST', 'offer/settings', { token: owner.token, body: off })).status).toBe(200);
    expect((await ask(card, visitor.token)).data).toMatchObject({
      takesOffers: false,
      reason: '物主不接受此物品的出價',
    });

    await t.call('POST', 'offer/settings', { token: owner.token, body: { ...off, allowOffers: true } });
    const listed = await t.call('POST', 'market/create', {
      token: owner.token,
      body: { sell_type: 0, kind: 'card', itemId: card, price: 9_000 },
    });
    expect(listed.status).toBe(200);
    expect((await ask(card)).data).toMatchObject({ takesOffers: false, reason: '此物品正在寄售中，請在其掛單頁出價' });
  });

  it('a missing item is not found, in zh-HK', async () => {
    const res = await ask('card_missing');
    expect(res.status).toBe(404);
    expect(res.msg).toBe('找不到此卡牌');
  });
});
