import { formatHkd } from '../../shared/money';
import { marketFee } from '../../shared/schemas/market';
import type { AcceptOfferResult, CreateOfferResult, OfferDetail } from '../../shared/schemas/offers';
import type { Kit, Trade, User } from './sale-views-kit';
import type { WayRow } from './sale-views-ways';

/**
 * The consistency matrix's trades between two users (issue 44): each seller bought the card in the mall first, so
 * it has a cost basis and the seller's realised profit is price − fee − that cost.
 */

const NOT_LISTED = {
  desk: 'the item was not listed: no listing on either desk',
  'admin listings': 'the item was not listed: no listing in the back office',
} as const;

/** A card of a card info of its own (edition 1: the mall sells out, so only the market sells it after). */
async function sellerCard(k: Kit, name: string, cost: number) {
  const ci = await k.card(name, cost, 1);
  const seller = await k.user();
  const card = await k.buyCard(seller, ci);
  return { ci, seller, card };
}

/** The parts every trade between users shares: one unit at `price`, its fee, its cost to the buyer. */
export function between(
  way: Trade['way'],
  p: { buyer: User; seller: User; ci: string; name: string; card: { id: string; serial: number; cost: number } },
  price: number,
  rest: Pick<Trade, 'order' | 'listing' | 'postingKind' | 'notices'>,
): Trade {
  return {
    way,
    buyer: p.buyer,
    seller: p.seller,
    item: { kind: 'card', cardInfoId: p.ci, productId: null, name: p.name },
    units: [{ itemId: p.card.id, serial: p.card.serial, cost: price }],
    price,
    fee: marketFee(price).fee,
    discount: 0,
    costRule: 'paid',
    sellerCost: p.card.cost,
    priced: [{ kind: 'card', id: p.ci }],
    ...rest,
  };
}

export const notices = (name: string, price: number, buyerText = name) => ({
  buyer: [buyerText, formatHkd(price)],
  seller: [name, formatHkd(marketFee(price).proceeds)],
});

export const MARKET_WAYS: WayRow[] = [
  {
    name: '市場購買（寄售掛單）',
    way: 'listing',
    notApplicable: {},
    async stage(k) {
      const name = '矩陣・寄售朱雀';
      const { ci, seller, card } = await sellerCard(k, name, 1_325);
      const listingId = await k.list(seller, card.id, 2_500);
      const buyer = await k.user();
      return {
        buyer,
        seller,
        async trade() {
          const order = await k.order(buyer, { type: 'market', listingId });
          await k.paySandbox(buyer, order.orderNo);
          return between('listing', { buyer, seller, ci, name, card }, 2_500, {
            order: { no: order.orderNo, type: 'market', quantity: 1 },
            listing: { id: listingId, owner: seller, sellType: 'sell', quantity: 1 },
            postingKind: 'market_sale',
            notices: notices(name, 2_500),
          });
        },
      };
    },
  },
  {
    name: '求購成交（confirmOrder）',
    way: 'bid',
    notApplicable: {},
    async stage(k) {
      const name = '矩陣・求購白虎';
      const { ci, seller, card } = await sellerCard(k, name, 1_800);
      const buyer = await k.user();
      const bid = await k.bid(buyer, ci, 3_000);
      return {
        buyer,
        seller,
        async trade() {
          await k.must(k.post(seller, 'market/confirmOrder', { listingId: bid.id, itemId: card.id }), 'confirmOrder');
          return between('bid', { buyer, seller, ci, name, card }, 3_000, {
            order: { no: bid.orderNo, type: 'bid', quantity: 1 },
            listing: { id: bid.id, owner: buyer, sellType: 'buy', quantity: 1 },
            postingKind: 'bid_fill',
            notices: notices(name, 3_000),
          });
        },
      };
    },
  },
  {
    name: '賣給他（兩張求購的第二張）',
    way: 'bid',
    notApplicable: {},
    async stage(k) {
      const name = '矩陣・雙求購騰蛇';
      const ci = await k.card(name, 2_000, 2);
      const [first, seller, buyer] = [await k.user(), await k.user(), await k.user()];
      const firstCard = await k.buyCard(first, ci);
      const card = await k.buyCard(seller, ci);
      // 求購 2 張 at HK$33: another holder fills the first copy before the trade.
      const bid = await k.bid(buyer, ci, 3_300, 2);
      await k.must(
        k.post(first, 'market/confirmOrder', { listingId: bid.id, itemId: firstCard.id, price: 3_300 }),
        'confirmOrder (first copy)',
      );
      return {
        buyer,
        seller,
        async trade() {
          // 賣給他 sends the bid's price the seller saw.
          await k.must(
            k.post(seller, 'market/confirmOrder', { listingId: bid.id, itemId: card.id, price: 3_300 }),
            'confirmOrder (second copy)',
          );
          return between('bid', { buyer, seller, ci, name, card }, 3_300, {
            order: { no: bid.orderNo, type: 'bid', quantity: 2 },
            listing: { id: bid.id, owner: buyer, sellType: 'buy', quantity: 2 },
            postingKind: 'bid_fill',
            notices: notices(name, 3_300),
          });
        },
      };
    },
  },
  {
    name: '議價成交（出價被接受）',
    way: 'offer',
    notApplicable: NOT_LISTED,
    async stage(k) {
      const name = '矩陣・議價勾陳';
      const { ci, seller, card } = await sellerCard(k, name, 2_000);
      const buyer = await k.user();
      // The buyer's wallet is empty: the offer is funded through its pay order, paid at the sandbox.
      const made = await k.must(
        k.post<CreateOfferResult>(buyer, 'offer/create', {
          kind: 'card',
          itemId: card.id,
          price: 3_000,
          expiresInHours: 48,
        }),
        'offer/create',
      );
      await k.paySandbox(buyer, made.orderNo!);
      return {
        buyer,
        seller,
        async trade() {
          const done = await k.must(k.post<OfferDetail>(seller, 'offer/accept', { id: made.id }), 'offer/accept');
          if (done.status !== 'accepted') throw new Error(`set-up: the offer is ${done.status} after offer/accept`);
          return between('offer', { buyer, seller, ci, name, card }, 3_000, {
            listing: null,
            postingKind: 'offer_sale',
            notices: notices(name, 3_000),
          });
        },
      };
    },
  },
  {
    name: '還價成交（掛單 HK$25，出價 HK$19，還價 HK$22）',
    way: 'offer',
    notApplicable: {},
    async stage(k) {
      // The walk of issue 44: A lists 北方玄武 at HK$25, B offers HK$19, A counters HK$22, B accepts.
      const name = '北方玄武';
      const { ci, seller, card } = await sellerCard(k, name, 1_325);
      const listingId = await k.list(seller, card.id, 2_500);
      const buyer = await k.user();
      const made = await k.must(
        k.post<CreateOfferResult>(buyer, 'offer/create', {
          kind: 'card',
          itemId: card.id,
          listingId,
          price: 1_900,
          expiresInHours: 48,
        }),
        'offer/create',
      );
      await k.paySandbox(buyer, made.orderNo!);
      await k.must(k.post(seller, 'offer/counter', { id: made.id, price: 2_200 }), 'offer/counter');
      return {
        buyer,
        seller,
        async trade() {
          // HK$3 short: the accept answers a top-up order, whose payment settles it.
          const res = await k.must(
            k.post<AcceptOfferResult>(buyer, 'offer/accept', { id: made.id, price: 2_200 }),
            'offer/accept',
          );
          if (res.orderNo) await k.paySandbox(buyer, res.orderNo);
          return between('offer', { buyer, seller, ci, name, card }, 2_200, {
            listing: { id: listingId, owner: seller, sellType: 'sell', quantity: 1 },
            postingKind: 'offer_sale',
            notices: notices(name, 2_200),
          });
        },
      };
    },
  },
];
