import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOfferResult, Offer, OfferDetail } from '../../../shared/schemas/offers';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import { ledgerPostings, notifications, offers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { trader } from '../market/market.fixtures';
import { credit, offerOnNewCard } from './offers.fixtures';

type User = { userId: string; token: string };

describe('an offer funded through a pay order (balance short of the price)', () => {
  let t: TestApp;
  const post = <T>(path: string, u: User, body: unknown) => t.call<T>('POST', path, { token: u.token, body });
  const get = <T>(path: string, u: User, query: Record<string, string>) =>
    t.call<T>('GET', path, { token: u.token, query });
  const balances = (u: User) => t.app.services.wallet.balancesOf(t.db, u.userId);
  const row = async (id: string) => (await t.db.select().from(offers).where(eq(offers.id, id)))[0]!;
  const pay = async (orderNo: string) =>
    (await t.app.inject({ method: 'POST', url: `/pay/sandbox/${orderNo}/confirm` })).statusCode;
  const kindsOf = async (u: User) =>
    (await t.db.select({ kind: notifications.kind }).from(notifications).where(eq(notifications.userId, u.userId))).map(
      (n) => n.kind,
    );
  const postingsOf = (kind: string, refId: string) =>
    t.db
      .select()
      .from(ledgerPostings)
      .where(and(eq(ledgerPostings.kind, kind), eq(ledgerPostings.refId, refId)));

  /** A seller with a fresh card, and a verified buyer whose balance is short (HK$10 against a HK$300 offer). */
  async function shortBuyer() {
    const offered = await offerOnNewCard(t, 1_000, 30_000);
    expect(offered.made.status).toBe(200);
    return offered;
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('waits for its pay order, unseen by the owner; paid, the price is in escrow and the offer opens', async () => {
    const { seller, buyer, card, made } = await shortBuyer();
    expect(made.msg).toBe('錢包餘額不足，請付款以送出出價');
    expect(made.data).toMatchObject({ status: 'pending_payment', price: 30_000 });
    expect(made.data.orderNo).toMatch(/^TR/);
    const order = await get<PayOrder>('payOrder/info', buyer, { orderNo: made.data.orderNo! });
    expect(order.data).toMatchObject({ type: 'offer', status: 'pending', amount: 30_000, itemId: made.data.id });
    // Nothing held, nothing told, and the owner sees nothing yet.
    expect(await balances(buyer)).toEqual({ balance: 1_000, escrow: 0 });
    expect(await kindsOf(seller)).not.toContain('offerReceived');
    expect((await get<Offer[]>('offer/list', seller, { role: 'received' })).data).toEqual([]);
    expect((await get('offer/detail', seller, { id: made.data.id })).status).toBe(404);
    // A second offer on the item, and acting on this one, wait for the payment.
    const again = await post('offer/create', buyer, { kind: 'card', itemId: card, price: 500, expiresInHours: 24 });
    expect([again.status, again.msg]).toEqual([409, '你對此物品的出價正等待付款，請先完成或取消其付款訂單']);
    expect((await post('offer/cancel', buyer, { id: made.data.id })).status).toBe(409);

    expect(await pay(made.data.orderNo!)).toBe(303);
    expect(await row(made.data.id)).toMatchObject({ status: 'open', held: 30_000 });
    expect(await balances(buyer)).toEqual({ balance: 1_000, escrow: 30_000 });
    expect(await postingsOf('offer_funding', made.data.orderNo!)).toHaveLength(1);
    expect(await kindsOf(seller)).toContain('offerReceived');
    // The owner accepts: the held price settles as any offer's.
    const accepted = await post<OfferDetail>('offer/accept', seller, { id: made.data.id });
    expect(accepted.data.status).toBe('accepted');
    expect(await balances(buyer)).toEqual({ balance: 1_000, escrow: 0 });
    const { exceptions } = await t.app.services.ledger.reconcile();
    expect(exceptions.filter((e) => e.ref === made.data.orderNo)).toEqual([]);
  });

  it('its pay order cancelled: the offer is cancelled and no money moved', async () => {
    const { buyer, made } = await shortBuyer();
    expect((await post('payOrder/cancel', buyer, { orderNo: made.data.orderNo })).status).toBe(200);
    expect(await row(made.data.id)).toMatchObject({ status: 'cancelled', held: 0 });
    expect(await balances(buyer)).toEqual({ balance: 1_000, escrow: 0 });
    expect(await postingsOf('offer_funding', made.data.orderNo!)).toEqual([]);
  });

  it('paid after the item left its owner: the offer ends unavailable and the price goes to the balance', async () => {
    const { seller, buyer, card, made } = await shortBuyer();
    // Another buyer's offer, held from their balance, wins the card first.
    const rival = await trader(t);
    await credit(t, rival.userId, 50_000);
    const won = await post<CreateOfferResult>('offer/create', rival, {
      kind: 'card',
      itemId: card,
      price: 20_000,
      expiresInHours: 24,
    });
    expect((await post('offer/accept', seller, { id: won.data.id })).status).toBe(200);

    expect(await pay(made.data.orderNo!)).toBe(303);
    expect(await row(made.data.id)).toMatchObject({ status: 'declined', closeReason: 'unavailable', held: 0 });
    expect(await balances(buyer)).toEqual({ balance: 31_000, escrow: 0 });
    expect(await kindsOf(buyer)).toContain('offerDeclined');
  });
});
