import type { Executor, Tx } from '../../db/client';
import { conflict } from '../../errors';
import type { CardsService } from '../cards/cards.service';
import type { CatalogueService, SaleInfo } from '../catalogue/catalogue.service';
import type { GoodsService } from '../goods/goods.service';
import type { PayOrderInput } from '../../../shared/schemas/pay-orders';
import type { Availability, OrderInput, OrderType, PayOrdersService } from '../pay-orders/pay-orders.service';
import { formatHkDateTime } from '../../../shared/hk-time';
import type { PerksService } from '../perks/perks.service';
import type { QueueService } from '../queue/queue.service';
import type { SalesService } from '../sales/sales.service';
import type { OrderBooks } from '../wallet/order-books';
import type { PayOrderFulfilment, PayOrderRow } from '../pay-orders/pay-orders.service';

type MallKind = 'card' | 'product';

const WORDS: Record<MallKind, { what: string; unit: string }> = {
  card: { what: '此卡牌', unit: '張' },
  product: { what: '此商品', unit: '件' },
};

const HOUR_MS = 3_600_000;

/**
 * Why a mall item cannot be ordered right now, as a 409 in zh-HK; null when it can. `priorityHours`: how long
 * before the public sale the item opens to holders of a priority right (decision 029): the longest window any
 * right gives when the buyer is not known yet, the buyer's own window in `reserve`.
 */
function saleRefusal(sale: SaleInfo, now: Date, priorityHours = 0, inWindowRefusal = false) {
  const { what } = WORDS[sale.kind];
  if (sale.priceCents === null || sale.saleState === 'not_for_sale') return conflict(`${what}不設公開發售`);
  if (sale.saleStartsAt && now < sale.saleStartsAt) {
    const opens = sale.saleStartsAt.getTime() - priorityHours * HOUR_MS;
    if (now.getTime() < opens || inWindowRefusal) {
      const at = formatHkDateTime(sale.saleStartsAt);
      return inWindowRefusal
        ? conflict(`持卡人優先購買中：${what}現只限持有指定卡牌的會員購買，公開發售時間為 ${at}`)
        : conflict(`${what}尚未開售，開售時間為 ${at}`);
    }
  }
  if (sale.saleEndsAt && now >= sale.saleEndsAt) return conflict(`${what}的發售已結束`);
  if (sale.left === 0) return soldOut(sale.kind);
  return null;
}

const soldOut = (kind: MallKind) => conflict(`${WORDS[kind].what}已售罄`, 'sold_out');

export interface MallOrderDeps {
  /** The pay orders' own reads: a buyer's held quantity (per-user limit), the keys of an item's orders (sold-out flags). */
  payOrders: Pick<PayOrdersService, 'heldQuantity' | 'orderKeysOfItem'>;
  catalogue: Pick<CatalogueService, 'saleInfo' | 'claim' | 'release' | 'soldOut'>;
  /** Runs the holder query of a sold-out flag and the left count of a refused claim (outside any transaction). */
  db: Executor;
  cards: Pick<CardsService, 'mint'>;
  goods: Pick<GoodsService, 'create'>;
  /** The buyer's perks: the best one applied to an order, given back on release, priority windows (decision 029). */
  perks: Pick<PerksService, 'apply' | 'giveBack' | 'priorityHours' | 'longestPriorityHours'>;
  /** The waiting room: a hot item's order needs its admission (decision 044). */
  queue: Pick<QueueService, 'admit'>;
  /** The mall's postings of a paid order: its sale and any perk discount (decision 025, 029). */
  books: Pick<OrderBooks, 'mallSale' | 'perkDiscount'>;
  /** The sale record of a paid order (decision 049). */
  sales: Pick<SalesService, 'record'>;
}

/**
 * A paid mall order's one sale (decision 049): the platform sold its units at the list price less any perk; each
 * unit's cost basis is its share of what the buyer paid.
 */
export function mallSaleOf(kind: MallKind, o: PayOrderRow, delivered: PayOrderFulfilment) {
  const units =
    kind === 'card'
      ? (delivered.cards ?? []).map((c) => ({ itemId: c.id, serial: c.serial, editionSize: c.editionSize }))
      : (delivered.goods ?? []).map((g) => ({ itemId: g.id }));
  const first = delivered.cards?.[0];
  return {
    way: kind === 'card' ? ('drop' as const) : ('product' as const),
    kind: kind === 'card' ? ('card' as const) : ('goods' as const),
    buyerId: o.buyerId,
    sellerId: null,
    item: {
      cardInfoId: o.cardInfoId,
      productId: o.productId,
      itemName: o.itemName,
      itemImage: o.itemImage,
      rarity: (first?.rarity ?? null) as 'N' | 'R' | 'SR' | 'SSR' | 'UR' | null,
    },
    price: o.unitPriceCents * o.quantity,
    discount: o.discountCents,
    orderNo: o.orderNo,
    posting: { kind: 'mall_sale', ref: o.orderNo },
    source: {
      kind: kind === 'card' ? ('card_info' as const) : ('product' as const),
      id: (o.cardInfoId ?? o.productId)!,
    },
    units,
    costRule: 'paid' as const,
  };
}

/** What a mall item's availability read: the sale rules `reserve` reuses for the same request. */
export interface MallAvailability extends Availability {
  sale: SaleInfo;
  /** The longest priority window (hours) any right gives this item while it is upcoming; 0 otherwise. */
  priorityHours: number;
}

/** A mall order type: `availability` answers the sale rules, `readAhead` the buyer's held quantity (pending). */
export type MallOrderType<I extends PayOrderInput> = OrderType<I, MallAvailability, Promise<number>>;

/**
 * Mall purchases, one order type per item kind: card infos (minted as numbered cards) and products
 * (created as goods). Both reserve from the catalogue's supply and respect the per-user limit.
 */
function mallOrderType<I extends PayOrderInput>(
  kind: MallKind,
  d: MallOrderDeps,
  deliver: OrderType['fulfil'],
  itemId: (input: I) => string,
): MallOrderType<I> {
  const { what, unit } = WORDS[kind];
  const sale = (db: Executor, id: string) => d.catalogue.saleInfo(db, { kind, id });
  const flags = d.catalogue.soldOut;
  // Not awaited: the refusal goes out at once; the flag follows once its holders are loaded.
  const markSoldOut = (id: string, since: number) =>
    void flags.mark({ kind, id }, since, () => d.payOrders.orderKeysOfItem(d.db, { type: kind, id }));
  return {
    itemId,
    refusalFromMemory: (id, idempotencyKey) => (flags.refuses({ kind, id }, idempotencyKey) ? soldOut(kind) : null),
    async availability(db, id) {
      const since = flags.epoch();
      const s = await sale(db, id);
      // Before the public sale: the longest priority window any right opens it by (holders may buy in it).
      const priorityHours = s.saleState === 'upcoming' ? await d.perks.longestPriorityHours(db, s) : 0;
      return {
        sale: s,
        priorityHours,
        refusal: (now) => {
          const refusal = saleRefusal(s, now, priorityHours);
          if (refusal?.reason === 'sold_out') markSoldOut(id, since);
          return refusal;
        },
      };
    },
    readAhead(tx, { buyerId, itemId: id }) {
      const asked = d.payOrders.heldQuantity(tx, buyerId, { type: kind, id });
      // Not taken up when the request turns out to be a retry: handled here, awaited by `reserve` otherwise.
      asked.catch(() => undefined);
      return asked;
    },
    async admit(tx, { buyerId, itemId: id, token, now }, checked) {
      const s = checked.sale;
      if (s.id !== id || !s.hot) return null;
      // Before the public start only holders of a priority right may order (decision 029): they skip the queue.
      if (s.saleStartsAt && now < s.saleStartsAt) return null;
      return d.queue.admit(tx, { kind, id, startMs: s.saleStartsAt?.getTime() ?? 0 }, buyerId, token, now);
    },
    async reserve(tx: Tx, { buyerId, itemId: id, quantity, orderNo }, now, checked, ahead) {
      const since = flags.epoch();
      // Read moments ago by `availability` (unlocked, as a read here would be): the claim judges the stock.
      const s = checked.sale.id === id ? checked.sale : await sale(tx, id);
      // Not public yet: a holder of a priority right for the item buys inside their window; anyone else is told.
      const start = s.saleStartsAt && now < s.saleStartsAt ? s.saleStartsAt.getTime() : null;
      const own = start !== null && checked.priorityHours > 0 ? await d.perks.priorityHours(tx, buyerId, s) : 0;
      const holderOpen = start !== null && own > 0 && now.getTime() >= start - own * HOUR_MS;
      const othersWait = start !== null && now.getTime() >= start - checked.priorityHours * HOUR_MS;
      const refusal = saleRefusal(s, now, holderOpen ? own : 0, !holderOpen && othersWait);
      if (refusal) {
        if (refusal.reason === 'sold_out') markSoldOut(id, since);
        throw refusal;
      }
      const holding = await (ahead ?? d.payOrders.heldQuantity(tx, buyerId, { type: kind, id }));
      if (holding + quantity > s.perUserLimit) {
        throw conflict(
          holding > 0
            ? `${what}每人限購 ${s.perUserLimit} ${unit}，你已購買或有待付款訂單 ${holding} ${unit}`
            : `${what}每人限購 ${s.perUserLimit} ${unit}`,
        );
      }
      // The best perk of the buyer's held cards, its use recorded in this transaction (decision 029).
      const perk = await d.perks.apply(tx, {
        buyerId,
        orderNo,
        now,
        item: { kind, id, productType: s.productType, themeId: s.themeId, unitPriceCents: s.priceCents!, quantity },
      });
      return {
        cardInfoId: kind === 'card' ? id : null,
        productId: kind === 'product' ? id : null,
        itemName: s.name,
        itemImage: s.image,
        unitPriceCents: s.priceCents!,
        discountCents: perk?.discountCents ?? 0,
        perk: perk ? { title: perk.title, cardName: perk.cardName, cardId: perk.cardId } : null,
        // Sent as the last statement and awaited after the commit was sent (ReservedItem.claim).
        claim: async () => {
          if (await d.catalogue.claim(tx, { kind, id }, quantity)) return;
          // Refused by the database, so the order was rolled back: what is left now, for the message.
          const left = (await sale(d.db, id)).left;
          if (left === 0) {
            markSoldOut(id, since);
            throw soldOut(kind);
          }
          throw conflict(`${what}只剩 ${left} ${unit}，請減少數量`);
        },
      };
    },
    async release(tx, o) {
      // A cancelled or expired order gives its perk use back, in the transaction that ends it.
      await d.perks.giveBack(tx, o.orderNo);
      return d.catalogue.release(tx, { kind, id: (kind === 'card' ? o.cardInfoId : o.productId)! }, o.quantity);
    },
    afterRelease: (o) => flags.clear({ kind, id: (kind === 'card' ? o.cardInfoId : o.productId)! }),
    /** The items to the buyer, the platform's sale and any perk discount booked, and the sale recorded. */
    async fulfil(tx, o) {
      const delivered = await deliver(tx, o);
      await d.books.mallSale(tx, o);
      await d.books.perkDiscount(tx, o);
      await d.sales.record(tx, mallSaleOf(kind, o, delivered));
      return delivered;
    },
  };
}

/** The mall's `card` and `product` order types. */
export function createMallOrderTypes(d: MallOrderDeps) {
  const card = mallOrderType(
    'card',
    d,
    async (tx, o) => {
      const minted = await d.cards.mint(tx, {
        cardInfoId: o.cardInfoId!,
        ownerId: o.buyerId,
        quantity: o.quantity,
        via: 'drop',
        refId: o.orderNo,
        priceCents: o.unitPriceCents,
        fromReservation: true,
      });
      return {
        cards: minted.map((c) => ({
          id: c.id,
          serial: c.serial,
          editionSize: c.editionSize,
          name: c.name,
          image: c.image,
          rarity: c.rarity,
        })),
      };
    },
    (input: OrderInput<'card'>) => input.cardInfoId,
  );
  const product = mallOrderType(
    'product',
    d,
    async (tx, o) => ({
      goods: await d.goods.create(tx, {
        productId: o.productId!,
        ownerId: o.buyerId,
        quantity: o.quantity,
        refId: o.orderNo,
        priceCents: o.unitPriceCents,
        fromReservation: true,
      }),
    }),
    (input: OrderInput<'product'>) => input.productId,
  );
  return { card, product };
}
