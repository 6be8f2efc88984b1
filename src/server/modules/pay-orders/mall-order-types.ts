import type { Executor, Tx } from '../../db/client';
import { conflict } from '../../errors';
import type { CardsService } from '../cards/cards.service';
import type { CatalogueService, SaleInfo } from '../catalogue/catalogue.service';
import type { GoodsService } from '../goods/goods.service';
import type { PayOrderInput } from '../../../shared/schemas/pay-orders';
import type { Availability, OrderInput, OrderTypeHandler, OrderTypeRegistry } from './order-types';
import { formatHkDateTime } from '../../../shared/hk-time';
import type { PayOrdersRepository } from './pay-orders.repository';

type MallKind = 'card' | 'product';

const WORDS: Record<MallKind, { what: string; unit: string }> = {
  card: { what: '此卡牌', unit: '張' },
  product: { what: '此商品', unit: '件' },
};

/** Why a mall item cannot be ordered by anyone right now, as a 409 in zh-HK; null when it can. */
function saleRefusal(sale: SaleInfo, now: Date) {
  const { what } = WORDS[sale.kind];
  if (sale.priceCents === null || sale.saleState === 'not_for_sale') return conflict(`${what}不設公開發售`);
  if (sale.saleStartsAt && now < sale.saleStartsAt)
    return conflict(`${what}尚未開售，開售時間為 ${formatHkDateTime(sale.saleStartsAt)}`);
  if (sale.saleEndsAt && now >= sale.saleEndsAt) return conflict(`${what}的發售已結束`);
  if (sale.left === 0) return soldOut(sale.kind);
  return null;
}

const soldOut = (kind: MallKind) => conflict(`${WORDS[kind].what}已售罄`, 'sold_out');

export interface MallOrderDeps {
  repo: Pick<PayOrdersRepository, 'heldQuantity' | 'orderKeysOfItem'>;
  catalogue: Pick<CatalogueService, 'saleInfo' | 'claim' | 'release' | 'soldOut'>;
  /** Runs the holder query of a sold-out flag and the left count of a refused claim (outside any transaction). */
  db: Executor;
  cards: Pick<CardsService, 'mint'>;
  goods: Pick<GoodsService, 'create'>;
}

/**
 * Mall purchases, one handler per item kind: card infos (minted as numbered cards) and products
 * (created as goods). Both reserve from the catalogue's supply and respect the per-user limit.
 */
function mallOrderType<I extends PayOrderInput>(
  kind: MallKind,
  d: MallOrderDeps,
  deliver: OrderTypeHandler['fulfil'],
  itemId: (input: I) => string,
): OrderTypeHandler<I> {
  const { what, unit } = WORDS[kind];
  const sale = (db: Executor, id: string) => d.catalogue.saleInfo(db, { kind, id });
  const flags = d.catalogue.soldOut;
  // Not awaited: the refusal goes out at once; the flag follows once its holders are loaded.
  const markSoldOut = (id: string, since: number) =>
    void flags.mark({ kind, id }, since, () => d.repo.orderKeysOfItem(d.db, { type: kind, id }));
  /** The sale rules each availability answer was made from, for the reservation of the same request. */
  const read = new WeakMap<Availability, SaleInfo>();
  /** The buyer's held quantity, asked for by `readAhead` together with the buyer's lock, by the same request's answer. */
  const held = new WeakMap<Availability, Promise<number>>();
  return {
    itemId,
    refusalFromMemory: (id, idempotencyKey) => (flags.refuses({ kind, id }, idempotencyKey) ? soldOut(kind) : null),
    async availability(db, id) {
      const since = flags.epoch();
      const s = await sale(db, id);
      const answer: Availability = {
        refusal: (now) => {
          const refusal = saleRefusal(s, now);
          if (refusal?.reason === 'sold_out') markSoldOut(id, since);
          return refusal;
        },
      };
      read.set(answer, s);
      return answer;
    },
    readAhead(tx, { buyerId, itemId: id }, checked) {
      const asked = d.repo.heldQuantity(tx, buyerId, { type: kind, id });
      // Not taken up when the request turns out to be a retry: handled here, awaited by `reserve` otherwise.
      asked.catch(() => undefined);
      held.set(checked, asked);
    },
    async reserve(tx: Tx, { buyerId, itemId: id, quantity }, now, checked) {
      const since = flags.epoch();
      // Read moments ago by `availability` (unlocked, as a read here would be): the claim judges the stock.
      const known = read.get(checked);
      const s = known && known.id === id ? known : await sale(tx, id);
      const refusal = saleRefusal(s, now);
      if (refusal) {
        if (refusal.reason === 'sold_out') markSoldOut(id, since);
        throw refusal;
      }
      const ahead = held.get(checked);
      const holding = await (ahead ?? d.repo.heldQuantity(tx, buyerId, { type: kind, id }));
      if (holding + quantity > s.perUserLimit) {
        throw conflict(
          holding > 0
            ? `${what}每人限購 ${s.perUserLimit} ${unit}，你已購買或有待付款訂單 ${holding} ${unit}`
            : `${what}每人限購 ${s.perUserLimit} ${unit}`,
        );
      }
      return {
        cardInfoId: kind === 'card' ? id : null,
        productId: kind === 'product' ? id : null,
        itemName: s.name,
        itemImage: s.image,
        unitPriceCents: s.priceCents!,
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
    release: (tx, o) =>
      d.catalogue.release(tx, { kind, id: (kind === 'card' ? o.cardInfoId : o.productId)! }, o.quantity),
    afterRelease: (o) => flags.clear({ kind, id: (kind === 'card' ? o.cardInfoId : o.productId)! }),
    fulfil: deliver,
  };
}

/** Registers the `card` and `product` order types. */
export function registerMallOrderTypes(registry: OrderTypeRegistry, d: MallOrderDeps): void {
  registry.register(
    'card',
    mallOrderType(
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
    ),
  );
  registry.register(
    'product',
    mallOrderType(
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
    ),
  );
}
