import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySeries } from '../../../shared/pack-draw';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import type { AdminPack, PackDraws, PackOpen, PackSeriesDetail } from '../../../shared/schemas/packs';
import { cardEvents, cards } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signInOperator } from '../../testing/operator';
import { signIn } from '../collection/collection-fixtures';
import { supplyOf } from '../pay-orders/pay-orders.fixtures';
import { createPoolCards, packSeriesBody } from './packs.fixtures';
import { runVerifyPack } from '../../cli/verify-pack';

let keySeq = 0;

describe('mystery packs API (decision 043)', () => {
  let t: TestApp;
  let op: { token: string };
  let pool: string[];

  const buy = (token: string, body: Record<string, unknown>) =>
    t.call<PayOrder>('POST', 'payOrder/create', {
      token,
      body: { type: 'pack', quantity: 1, ...body },
      headers: { 'Idempotency-Key': `pack-test-${keySeq++}` },
    });
  const confirm = (orderNo: string) =>
    t.app.inject({
      method: 'POST',
      url: `/pay/sandbox/${orderNo}/confirm`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
  const createSeries = (body: Record<string, unknown>) =>
    t.call<AdminPack>('POST', 'admin/packs/create', {
      token: op.token,
      body: packSeriesBody(
        [
          [pool[0]!, 12],
          [pool[1]!, 6],
          [pool[2]!, 3],
        ],
        { cardsPerPack: 3, perUserLimit: 4, ...body },
      ),
    });

  beforeAll(async () => {
    t = await createTestApp();
    op = await signInOperator(t);
    pool = await createPoolCards(t.db, [
      { rarity: 'N', editionSize: 100 },
      { rarity: 'R', editionSize: 50 },
      { rarity: 'SR', editionSize: 30 },
    ]);
  });
  afterAll(() => t.close());

  it('sells, draws, opens, publishes and reveals a series that the checker then verifies', async () => {
    const created = await createSeries({ guarantee: { minRarity: 'SR', every: 2 } });
    expect(created.status).toBe(200);
    const s = created.data;
    expect(s.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(s).toMatchObject({ packsTotal: 7, packsLeft: 7, unitsTotal: 21, serverSeed: null, saleState: 'on_sale' });
    expect(s.rarityOdds.map((r) => [r.rarity, r.remaining])).toEqual([
      ['N', 12],
      ['R', 6],
      ['SR', 3],
    ]);
    expect(s.pool.reduce((p, l) => p + l.probability, 0)).toBeCloseTo(1);
    // The pool's units are taken from the editions at once.
    expect(await supplyOf(t.db, pool[2]!)).toEqual({ minted: 0, reserved: 3 });

    const alice = await signIn(t);
    const bob = await signIn(t);
    const order = await buy(alice.token, { seriesId: s.id, quantity: 2, clientSeed: '我的幸運種子' });
    expect(order.status).toBe(200);
    expect(order.data).toMatchObject({ type: 'pack', amount: 6_000, itemId: s.id });
    // Not paid yet: nothing to open.
    expect(
      (await t.call('POST', 'pack/open', { token: alice.token, body: { orderNo: order.data.orderNo } })).status,
    ).toBe(409);
    expect((await confirm(order.data.orderNo)).statusCode).toBe(303);

    const opened = await t.call<PackOpen>('POST', 'pack/open', {
      token: alice.token,
      body: { orderNo: order.data.orderNo },
    });
    expect(opened.status).toBe(200);
    expect(opened.data.clientSeed).toBe('我的幸運種子');
    expect(opened.data.packs.map((p) => p.nonce)).toEqual([1, 2]);
    expect(opened.data.packs.flatMap((p) => p.cards)).toHaveLength(6);
    // Another user's order is not found.
    expect(
      (await t.call('POST', 'pack/open', { token: bob.token, body: { orderNo: order.data.orderNo } })).status,
    ).toBe(404);
    const events = await t.db.select().from(cardEvents).where(eq(cardEvents.refId, order.data.orderNo));
    expect(events.every((e) => e.via === 'pack')).toBe(true);

    // Bob buys the rest with a random client seed.
    const rest = await buy(bob.token, { seriesId: s.id, quantity: 4 });
    expect(rest.status).toBe(200);
    await confirm(rest.data.orderNo);
    const last = await buy(alice.token, { seriesId: s.id, quantity: 1 });
    expect(last.status).toBe(200);
    // Sold out while one order is pending: the seed stays secret.
    expect((await buy(bob.token, { seriesId: s.id })).status).toBe(409);
    let detail = (await t.call<PackSeriesDetail>('GET', 'pack/detail', { query: { id: s.id } })).data;
    expect(detail).toMatchObject({ saleState: 'sold_out', packsLeft: 0, serverSeed: null });
    await confirm(last.data.orderNo);

    detail = (await t.call<PackSeriesDetail>('GET', 'pack/detail', { query: { id: s.id } })).data;
    expect(detail.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(detail.unitsRemaining).toBe(0);
    const draws = (await t.call<PackDraws>('GET', 'pack/draws', { query: { id: s.id } })).data;
    expect(draws.draws).toHaveLength(7);
    expect(JSON.stringify(draws)).not.toContain(alice.userId);
    const report = await verifySeries(detail, draws.draws);
    expect(report).toMatchObject({ revealed: true, seedMatchesCommitment: true, ok: true });
    // Every drawn card has its own serial; 21 cards minted.
    const minted = await t.db.select({ id: cards.id, ci: cards.cardInfoId, serial: cards.serial }).from(cards);
    const ours = minted.filter((c) => pool.includes(c.ci));
    expect(ours).toHaveLength(21);
    expect(new Set(ours.map((c) => `${c.ci}#${c.serial}`)).size).toBe(21);
  });

  it('refuses bad input with zh-HK messages: long client seed, unknown series, cap, not on sale', async () => {
    const alice = await signIn(t);
    const s = (await createSeries({ perUserLimit: 1 })).data;
    const long = await buy(alice.token, { seriesId: s.id, clientSeed: 'x'.repeat(65) });
    expect(long.status).toBe(400);
    expect(long.msg).toContain('客戶種子');
    const unknown = await buy(alice.token, { seriesId: 'pks_nothere' });
    expect(unknown.status).toBe(404);
    expect(unknown.msg).toBe('找不到此卡包');
    expect((await buy(alice.token, { seriesId: s.id })).status).toBe(200);
    const capped = await buy(alice.token, { seriesId: s.id });
    expect(capped.status).toBe(409);
    expect(capped.msg).toContain('每人限購 1 包');
    const later = (await createSeries({ saleStartsAt: new Date(t.clock.now().getTime() + 3_600_000).toISOString() }))
      .data;
    const early = await buy(alice.token, { seriesId: later.id });
    expect(early.status).toBe(409);
    expect(early.msg).toContain('尚未開售');
    const tooBig = await createSeries({ pool: [{ cardInfoId: pool[2], count: 1_000 }] });
    expect(tooBig.status).toBe(409);
  });

  it('closes a series: no more orders, the seed revealed once no order is pending, the rest given back', async () => {
    const alice = await signIn(t);
    const s = (await createSeries({})).data;
    const before = await supplyOf(t.db, pool[1]!);
    const pending = await buy(alice.token, { seriesId: s.id });
    const closed = await t.call<AdminPack>('POST', 'admin/packs/close', { token: op.token, body: { id: s.id } });
    expect(closed.data).toMatchObject({ serverSeed: null, saleState: 'ended' });
    expect((await buy(alice.token, { seriesId: s.id })).msg).toBe('此卡包的發售已結束');
    await confirm(pending.data.orderNo);
    const detail = (await t.call<PackSeriesDetail>('GET', 'pack/detail', { query: { id: s.id } })).data;
    expect(detail.serverSeed).not.toBeNull();
    const draws = (await t.call<PackDraws>('GET', 'pack/draws', { query: { id: s.id } })).data;
    expect((await verifySeries(detail, draws.draws)).ok).toBe(true);
    // The checker, over HTTP only.
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const lines: string[] = [];
    const code = await runVerifyPack([s.id, '--url', url], { out: (l) => lines.push(l), err: (l) => lines.push(l) });
    expect(lines.at(-1)).toBe('1/1 包相符：全部驗證通過');
    expect(code).toBe(0);
    // The undrawn units of the pool went back to the editions.
    const after = await supplyOf(t.db, pool[1]!);
    const drawnR = draws.draws.flatMap((d) => d.cardInfoIds).filter((id) => id === pool[1]).length;
    expect(after).toEqual({ minted: before.minted + drawnR, reserved: before.reserved - 6 });
  });
});
