import { formatHkd } from '../../shared/money';
import type { SaleWay } from '../../shared/sale-ways';
import type { ExchangeBCardResult, ExchangeResult } from '../../shared/schemas/collection';
import type { AdminPack, PackOpen } from '../../shared/schemas/packs';
import { givePerkCard, monthlyDiscount } from '../modules/perks/perks.fixtures';
import { shareOf } from '../modules/sales/sales.service';
import type { Kit, ReaderId, Staged, Trade } from './sale-views-kit';

/**
 * The consistency matrix's rows (issue 44): every way of trading, made once through the API, with the trade it must
 * have made and the readers that do not apply to it, each with why. This file: the ways without a seller (the
 * platform's sales, a code, a set exchange); sale-views-market-ways.ts: the trades between two users.
 */
export interface WayRow {
  name: string;
  way: SaleWay;
  notApplicable: Partial<Record<ReaderId, string>>;
  stage(k: Kit): Promise<Staged>;
}

export const NO_SELLER = {
  'seller history': 'the platform sold it: no user sold, so no 市場賣出 row',
  desk: 'no listing: the mall sold it, not a trader',
  rating: 'no user to rate: the platform sold it (ratings are between traders)',
  'realised profit': 'no user sold it: the platform has no portfolio',
  'admin listings': 'no listing: the mall sold it',
  'seller notice': 'no user sold it: nobody to tell',
} as const;

/** A code or a set exchange: nothing was paid and nobody sold. */
const NOT_BOUGHT = {
  ...NO_SELLER,
  'seller history': 'nobody sold it: it was minted for the user',
  'buyer history': 'nothing was ordered: no pay order or market order to list (the collection shows the card)',
  'order detail': 'nothing was ordered: no order to open',
  dashboard: 'no money changed hands: the dashboard counts paid trades',
  journal: 'no money moved: the sale has no posting',
  'buyer notice': 'made by the user on screen, which shows the card at once: no notification',
} as const;

/** A trade nobody sold (the platform's sales, a code, a set exchange): no fee, no listing, no seller's cost. */
export const unsold = (
  t: Pick<Trade, 'way' | 'buyer' | 'item' | 'units' | 'price' | 'costRule' | 'order' | 'postingKind' | 'priced'> &
    Partial<Pick<Trade, 'discount'>>,
  buyerNotice?: string[],
): Trade => ({
  seller: null,
  fee: 0,
  discount: 0,
  listing: null,
  sellerCost: 0,
  notices: buyerNotice ? { buyer: buyerNotice } : {},
  ...t,
});

/** A mall purchase paid at the sandbox: the order as payCheck answers it once paid. */
export async function mallOrder(k: Kit, buyer: Staged['buyer'], body: Record<string, unknown>) {
  const order = await k.order(buyer, body);
  return k.paySandbox(buyer, order.orderNo);
}

/**
 * A mall card (drop) or product bought at the sandbox: `quantity` at `price` each, less a perk's `discount` when the
 * buyer holds a perk card; each unit costs `unitCost` (what was paid for it).
 */
function mallRow(
  name: string,
  o: { item: string; kind: 'card' | 'goods'; price: number; quantity: number; unitCost: number; discount?: number },
): WayRow {
  const type = o.kind === 'card' ? 'card' : 'product';
  return {
    name,
    way: o.kind === 'card' ? 'drop' : 'product',
    notApplicable: NO_SELLER,
    async stage(k) {
      const id = o.kind === 'card' ? await k.card(o.item, o.price) : await k.product(o.item, o.price);
      const buyer = await k.user();
      if (o.discount)
        await givePerkCard(k.t.db, { rights: [monthlyDiscount()], owners: [buyer.userId], name: '矩陣・優惠麒麟' });
      return {
        buyer,
        seller: null,
        async trade() {
          const key = o.kind === 'card' ? 'cardInfoId' : 'productId';
          const paid = await mallOrder(k, buyer, { type, [key]: id, quantity: o.quantity });
          // A fresh card info's first editions: #1, #2…; goods have no serial.
          const units = [
            ...paid.cards.map((c, i) => ({ ...c, serial: i + 1 })),
            ...paid.goods.map((g) => ({ ...g, serial: null })),
          ];
          const total = o.price * o.quantity;
          const discount = o.discount ?? 0;
          return unsold(
            {
              way: o.kind === 'card' ? 'drop' : 'product',
              buyer,
              item: {
                kind: o.kind,
                cardInfoId: o.kind === 'card' ? id : null,
                productId: o.kind === 'goods' ? id : null,
                name: o.item,
              },
              units: units.map((u) => ({ itemId: u.id, serial: u.serial, cost: o.unitCost })),
              price: total,
              discount,
              costRule: 'paid',
              order: { no: paid.orderNo, type, quantity: o.quantity },
              postingKind: 'mall_sale',
              priced: [{ kind: o.kind, id }],
            },
            [o.item, formatHkd(total - discount)],
          );
        },
      };
    },
  };
}

export const PLATFORM_WAYS: WayRow[] = [
  mallRow('商城卡牌（兩張）', { item: '矩陣・商城青龍', kind: 'card', price: 12_800, quantity: 2, unitCost: 12_800 }),
  mallRow('商城商品', { item: '矩陣・收藏卡盒', kind: 'goods', price: 5_000, quantity: 1, unitCost: 5_000 }),
  // 8 折 on physical goods for a holder of the perk card: HK$399 less HK$79.80; it costs what was paid (decision 049).
  mallRow('持卡優惠購買（8 折）', {
    item: '矩陣・限定手辦',
    kind: 'goods',
    price: 39_900,
    quantity: 1,
    unitCost: 31_920,
    discount: 7_980,
  }),
  {
    name: '福袋（一包三張）',
    way: 'pack',
    notApplicable: NO_SELLER,
    async stage(k) {
      const name = '矩陣・神獸福袋';
      const pool = await k.theme('福袋卡池', [
        { name: '福袋・白虎', price: null, edition: 30 },
        { name: '福袋・朱雀', price: null, edition: 30 },
      ]);
      const series = await k.must(
        k.post<AdminPack>(k.operator, 'admin/packs/create', {
          name,
          cover: '/media/p.svg',
          priceCents: 7_600,
          cardsPerPack: 3,
          perUserLimit: 2,
          pool: [
            { cardInfoId: pool.cards[0], count: 6 },
            { cardInfoId: pool.cards[1], count: 3 },
          ],
        }),
        'admin/packs/create',
      );
      const buyer = await k.user();
      return {
        buyer,
        seller: null,
        async trade() {
          const paid = await mallOrder(k, buyer, { type: 'pack', seriesId: series.id, quantity: 1 });
          const opened = await k.must(k.post<PackOpen>(buyer, 'pack/open', { orderNo: paid.orderNo }), 'pack/open');
          const cards = opened.packs.flatMap((p) => p.cards);
          // The pack's price shared among its cards, the first cards taking the remainder cents (decision 049).
          const shares = shareOf(7_600, cards.length);
          return unsold(
            {
              way: 'pack',
              buyer,
              item: { kind: 'card', cardInfoId: null, productId: null, name },
              units: cards.map((c, i) => ({ itemId: c.id, serial: c.serial, cost: shares[i]! })),
              price: 7_600,
              costRule: 'pack_share',
              order: { no: paid.orderNo, type: 'pack', quantity: 1 },
              postingKind: 'mall_sale',
              priced: pool.cards.map((id) => ({ kind: 'card' as const, id })),
            },
            [name, formatHkd(7_600)],
          );
        },
      };
    },
  },
  {
    name: '兌換碼',
    way: 'code',
    notApplicable: NOT_BOUGHT,
    async stage(k) {
      const name = '矩陣・兌換玄龜';
      const ci = await k.card(name, null, 50);
      const { codes } = await k.t.app.services.codes.createBatch({ cardInfoId: ci, count: 1 });
      const buyer = await k.user();
      return {
        buyer,
        seller: null,
        async trade() {
          const res = await k.must(k.post<ExchangeResult>(buyer, 'card/exchange', { code: codes[0] }), 'card/exchange');
          return unsold({
            way: 'code',
            buyer,
            item: { kind: 'card', cardInfoId: ci, productId: null, name },
            units: res.cards.map((c) => ({ itemId: c.id, serial: 1, cost: 0 })),
            price: 0,
            costRule: 'code',
            order: null,
            postingKind: null,
            priced: [{ kind: 'card', id: ci }],
          });
        },
      };
    },
  },
  {
    name: 'B 卡兌換（集齊兩張）',
    way: 'set_exchange',
    notApplicable: NOT_BOUGHT,
    async stage(k) {
      const name = '矩陣・麒麟 B 卡';
      const th = await k.theme(
        '矩陣瑞獸',
        [
          { name: '瑞獸・貔貅', price: 1_000, edition: 10 },
          { name: '瑞獸・獬豸', price: 2_500, edition: 10 },
        ],
        name,
      );
      const buyer = await k.user();
      // The cards given for the B card were bought in the mall: HK$10 + HK$25 is what the B card costs.
      for (const ci of th.cards) await k.buyCard(buyer, ci);
      return {
        buyer,
        seller: null,
        async trade() {
          const res = await k.must(
            k.post<ExchangeBCardResult>(buyer, 'card/exchangeBCard', { themeId: th.themeId }),
            'card/exchangeBCard',
          );
          return unsold({
            way: 'set_exchange',
            buyer,
            item: { kind: 'card', cardInfoId: th.bCardId, productId: null, name },
            units: [{ itemId: res.bCard.id, serial: 1, cost: 3_500 }],
            price: 0,
            costRule: 'cards_given',
            order: null,
            postingKind: null,
            priced: [{ kind: 'card', id: th.bCardId! }],
          });
        },
      };
    },
  },
];
