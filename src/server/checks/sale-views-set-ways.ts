import { formatHkd } from '../../shared/money';
import type { PayOrder } from '../../shared/schemas/pay-orders';
import type { SetQuote } from '../../shared/schemas/set-quote';
import type { Kit, User } from './sale-views-kit';
import { between, notices } from './sale-views-market-ways';
import { NO_SELLER, unsold, type WayRow } from './sale-views-ways';

/**
 * The consistency matrix's one-tap set completions (一鍵補齊, issue 44): a missing card bought from the market's
 * cheapest listing (a trade between users), and one the mall sells cheaper (the platform's sale, decision 042 amended).
 */

/** A theme whose first card the buyer bought in the mall and whose second (`missing`) they lack, and a B card. */
async function startedTheme(k: Kit, themeName: string, missing: { name: string; price: number; edition: number }) {
  const th = await k.theme(
    themeName,
    [{ name: `${themeName}・應龍`, price: 1_000, edition: 10 }, missing],
    `${themeName} B 卡`,
  );
  const buyer = await k.user();
  await k.buyCard(buyer, th.cards[0]!);
  return { th, buyer };
}

/** The quote, checked to take the missing card from `source`, paid in one set order at the sandbox. */
async function completeSet(k: Kit, buyer: User, themeId: string, source: 'mall' | 'market') {
  const quote = await k.must(k.get<SetQuote>(buyer, 'theme/completionQuote', { themeId }), 'theme/completionQuote');
  if (quote.lines.length !== 1 || quote.lines[0]!.source !== source)
    throw new Error(`set-up: the quote's lines ${JSON.stringify(quote.lines)} are not one card from the ${source}`);
  const order = await k.must(
    k.post<PayOrder>(buyer, 'payOrder/create', { type: 'set', themeId, quoteId: quote.quoteId }, true),
    'payOrder/create (set)',
  );
  return k.paySandbox(buyer, order.orderNo);
}

export const SET_WAYS: WayRow[] = [
  {
    name: '一鍵補齊（市場掛單）',
    way: 'set_completion',
    notApplicable: {},
    async stage(k) {
      const name = '矩陣・補齊螣蛇';
      // Sold out in the mall once the seller bought it: the market is its only source.
      const { th, buyer } = await startedTheme(k, '矩陣補齊', { name, price: 1_500, edition: 1 });
      const seller = await k.user();
      const card = await k.buyCard(seller, th.cards[1]!);
      const listingId = await k.list(seller, card.id, 2_800);
      return {
        buyer,
        seller,
        async trade() {
          const paid = await completeSet(k, buyer, th.themeId, 'market');
          return between('set_completion', { buyer, seller, ci: th.cards[1]!, name, card }, 2_800, {
            order: { no: paid.orderNo, type: 'set', quantity: 1 },
            listing: { id: listingId, owner: seller, sellType: 'sell', quantity: 1 },
            postingKind: 'set_sale',
            // The buyer is told of the set order's payment (「一鍵補齊：…」).
            notices: notices(name, 2_800, '一鍵補齊'),
          });
        },
      };
    },
  },
  {
    name: '一鍵補齊（商城較平）',
    way: 'set_completion',
    notApplicable: NO_SELLER,
    async stage(k) {
      const name = '矩陣・商城燭龍';
      const { th, buyer } = await startedTheme(k, '矩陣商城補齊', { name, price: 1_800, edition: 10 });
      // Someone lists a copy at HK$25: the mall's HK$18 is the cheaper source, and the quote must take it.
      const lister = await k.user();
      const copy = await k.buyCard(lister, th.cards[1]!);
      await k.list(lister, copy.id, 2_500);
      return {
        buyer,
        seller: null,
        async trade() {
          const paid = await completeSet(k, buyer, th.themeId, 'mall');
          return unsold(
            {
              way: 'set_completion',
              buyer,
              item: { kind: 'card', cardInfoId: th.cards[1]!, productId: null, name },
              // The mall's second edition (the lister holds the first).
              units: paid.cards.map((c) => ({ itemId: c.id, serial: 2, cost: 1_800 })),
              price: 1_800,
              costRule: 'paid',
              order: { no: paid.orderNo, type: 'set', quantity: 1 },
              postingKind: 'mall_sale',
              priced: [{ kind: 'card', id: th.cards[1]! }],
            },
            ['一鍵補齊', formatHkd(1_800)],
          );
        },
      };
    },
  },
];
