import { hkidCheckDigit } from '../../shared/identity';
import { ManualClock } from '../adapters/clock';
import { anyListing, copiesOf, heldCardsOf, priceFactsOf } from '../db/demo/market-demo-rows';
import { DEMO_COLLECTORS } from '../db/seed';
import type { Deps } from '../deps';
import { createServices } from '../services';
import { askPrice, bidPrice, salePrice, type PricedCardInfo } from './demo-prices';
import { SELL_TYPE } from '../../shared/market-labels';

const DAY = 24 * 3600_000;

/**
 * A living market on first start (issue 8): the demo collectors are verified sellers with payout
 * accounts; over the last 12 days they sold cards to each other (a price history), and they have open
 * sell and buy listings now, all priced near each card's mall price scaled by rarity and scarcity (./demo-prices.ts). Everything goes through the real services (verification, listing,
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
  // Only card infos with a mall price: the market's prices are scaled from it.
  const facts = new Map<string, PricedCardInfo>();
  for (const f of await priceFactsOf(deps.db, [...byInfo.keys()]))
    if (f.priceCents) facts.set(f.id, { ...f, priceCents: f.priceCents });
  const infos = [...byInfo.keys()].filter((id) => facts.has(id));
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
      await s.market.create(
        actorOf(sellerId),
        { sell_type: SELL_TYPE.sell, kind: 'card', itemId: cardId, price },
        undefined,
      )
    ).listing;
    const buyer = actors.find((a) => a.userId !== sellerId)!;
    const order = await s.payOrders.create(buyer, { type: 'market', listingId: listing.id }, `demo-market-${key++}`);
    await paySandbox(buyer.userId, order.orderNo);
  }

  // A price history on every card info: a sale every few hours over ten days, prices drifting around the fair one.
  const sales = infos.flatMap((info) =>
    byInfo
      .get(info)!
      .slice(0, 3)
      .map((copy, k) => ({ copy, price: salePrice(facts.get(info)!, k) })),
  );
  for (const { copy, price } of sales) {
    clock.advance((10 * DAY) / sales.length);
    await sale(copy.id, copy.ownerId, price);
  }
  clock.set(new Date(now.getTime() - DAY));

  // Open sell listings: copies not sold above, a little above the fair price.
  for (const info of infos) {
    const rest = (await copiesOf(deps.db, info)).filter(
      (c) => c.status === 'held' && actors.some((a) => a.userId === c.ownerId),
    );
    for (const [k, c] of rest.slice(0, 2).entries()) {
      clock.advance(30 * 60_000);
      await s.market.create(
        actorOf(c.ownerId),
        { sell_type: SELL_TYPE.sell, kind: 'card', itemId: c.id, price: askPrice(facts.get(info)!, k) },
        undefined,
      );
    }
  }

  // Funded buy listings (求購) for the first few card infos, below their asks.
  for (const [n, info] of infos.slice(0, 4).entries()) {
    clock.advance(30 * 60_000);
    const bidder = actors[n % actors.length]!;
    const r = await s.market.create(
      bidder,
      { sell_type: SELL_TYPE.buy, kind: 'card', cardInfoId: info, price: bidPrice(facts.get(info)!) },
      `demo-bid-${n}`,
    );
    await paySandbox(bidder.userId, r.orderNo!);
  }
  return true;
}
