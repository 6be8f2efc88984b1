import { hkidCheckDigit } from '../../shared/identity';
import { ManualClock } from '../adapters/clock';
import { anyListing, copiesOf, heldCardsOf } from '../db/demo/market-demo-rows';
import { DEMO_COLLECTORS } from '../db/seed';
import type { Deps } from '../deps';
import { createServices } from '../services';

const DAY = 24 * 3600_000;

/**
 * A living market on first start (issue 8): the demo collectors are verified sellers with payout
 * accounts; over the last 12 days they sold cards to each other (a price history), and they have open
 * sell and buy listings now. Everything goes through the real services (verification, listing,
 * ordering, the sandbox payment and settlement), on a clock that walks from 12 days ago to now.
 * Only with the sandbox provider: it is the one that can be paid without a person. Boot code: main.ts runs it
 * once the app exists, after the rows of db/seed.ts (docs/decisions/026-layers.md).
 */
export async function seedDemoMarket(deps: Deps): Promise<boolean> {
  if (deps.payments.name !== 'sandbox') return false;
  if (await anyListing(deps.db)) return false;
  const now = deps.clock.now();
  const clock = new ManualClock(new Date(now.getTime() - 12 * DAY));
  const s = createServices({ ...deps, clock });
  const actors = DEMO_COLLECTORS.map((u) => ({ userId: u.id, sessionId: 'demo', roles: ['user'] }));

  for (const [i, a] of actors.entries()) {
    const digits = String(800_000 + i * 1111);
    await s.identity.verify(a, {
      name: ['黃家明', '陳美玲', '李志強'][i]!,
      idType: 'hkid',
      idNumber: `D${digits}${hkidCheckDigit('D', digits)}`,
    });
    await s.identity.savePayoutAccount(a.userId, {
      method: 'fps',
      accountName: DEMO_COLLECTORS[i]!.nickname,
      accountNo: `1${String(2345670 + i)}`,
    });
  }

  const held = await heldCardsOf(
    deps.db,
    actors.map((a) => a.userId),
  );
  const byInfo = new Map<string, typeof held>();
  for (const c of held) byInfo.set(c.cardInfoId, [...(byInfo.get(c.cardInfoId) ?? []), c]);
  const infos = [...byInfo.keys()];
  let key = 0;
  const actorOf = (userId: string) => actors.find((a) => a.userId === userId)!;

  /** Pays a pending order as the sandbox checkout's webhook would (with the order's own checkout id). */
  async function paySandbox(buyerId: string, orderNo: string) {
    const order = (await s.payOrders.ownOrder(buyerId, orderNo))!;
    await s.payOrders.applyWebhook('sandbox', {
      eventId: `demo_evt_${orderNo}`,
      eventType: 'payment.succeeded',
      payment: {
        providerRef: order.providerRef!,
        orderNo,
        amountCents: order.amountCents,
        currency: 'HKD',
        paymentRef: `demo_pay_${orderNo}`,
      },
    });
  }

  /** A sale between two collectors, paid through the sandbox and settled. */
  async function sale(cardId: string, sellerId: string, price: number) {
    const listing = (
      await s.market.create(actorOf(sellerId), { sell_type: 0, kind: 'card', itemId: cardId, price }, undefined)
    ).listing;
    const buyer = actors.find((a) => a.userId !== sellerId)!;
    const order = await s.payOrders.create(buyer, { type: 'market', listingId: listing.id }, `demo-market-${key++}`);
    await paySandbox(buyer.userId, order.orderNo);
  }

  // A price history on the first few card infos: one sale every day or two, prices drifting.
  for (const [n, info] of infos.slice(0, 4).entries()) {
    const copies = byInfo.get(info)!;
    for (let k = 0; k < Math.min(5, copies.length - 2); k++) {
      clock.advance(DAY / 2);
      await sale(copies[k]!.id, copies[k]!.ownerId, 8_000 + n * 6_000 + k * 900 + (k % 2) * 600);
    }
  }
  clock.set(new Date(now.getTime() - DAY));

  // Open sell listings: copies not sold above, priced around their history.
  for (const [n, info] of infos.slice(0, 8).entries()) {
    const rest = (await copiesOf(deps.db, info)).filter(
      (c) => c.status === 'held' && actors.some((a) => a.userId === c.ownerId),
    );
    for (const [k, c] of rest.slice(0, 2).entries()) {
      clock.advance(30 * 60_000);
      await s.market.create(
        actorOf(c.ownerId),
        { sell_type: 0, kind: 'card', itemId: c.id, price: 9_000 + n * 5_500 + k * 1_200 },
        undefined,
      );
    }
  }

  // Funded buy listings (求購) for a few card infos.
  for (const [n, info] of infos.slice(0, 3).entries()) {
    clock.advance(30 * 60_000);
    const bidder = actors[n % actors.length]!;
    const r = await s.market.create(
      bidder,
      { sell_type: 1, kind: 'card', cardInfoId: info, price: 6_000 + n * 4_000 },
      `demo-bid-${n}`,
    );
    await paySandbox(bidder.userId, r.orderNo!);
  }
  return true;
}
