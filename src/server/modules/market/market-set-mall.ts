import type { Executor, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { SaleInfo } from '../catalogue/catalogue.service';
import type { PayOrderFulfilment, PayOrderRow } from '../pay-orders/pay-orders.service';
import type { MarketContext } from './market-context';
import type { SetQuoteLine } from './market-set.repository';

const HOUR_MS = 3_600_000;

/** A quote's line from the mall: one edition of a card info at the mall's price. */
export type MallQuoteLine = Extract<SetQuoteLine, { source: 'mall' }>;
export const isMallLine = (l: SetQuoteLine): l is MallQuoteLine => l.source === 'mall';
/** Card-info order: every set order touches the mall's supply rows in it, so two of them wait, never deadlock. */
const byCard = (lines: MallQuoteLine[]) => [...lines].sort((a, b) => (a.cardInfoId < b.cardInfoId ? -1 : 1));

/** What the mall offers a buyer of one missing card: its price and the editions left. */
export interface MallOffer {
  cardInfoId: string;
  price: number;
  left: number;
}

/**
 * Whether the mall sells the card to this buyer now without the waiting room: priced, inside its sale window (or,
 * before the public start, inside the buyer's own priority window: decision 029), not ended, an edition left. A hot
 * drop open to all needs the waiting room's admission (decision 044), which 一鍵補齊 does not go through: no source.
 */
function onSaleTo(s: SaleInfo, now: Date, ownPriorityHours: number): boolean {
  if (s.kind !== 'card' || s.priceCents === null || s.saleState === 'not_for_sale') return false;
  if (s.saleEndsAt && now >= s.saleEndsAt) return false;
  if (s.left < 1) return false;
  const start = s.saleStartsAt?.getTime() ?? null;
  // Holders of a priority right skip the queue before the public start, as the mall's own `admit` lets them.
  if (start !== null && now.getTime() < start)
    return ownPriorityHours > 0 && now.getTime() >= start - ownPriorityHours * HOUR_MS;
  return !s.hot;
}

/**
 * The mall as a source of a set quote (issue 44): the same sale rules, per-user limit and catalogue supply as the
 * mall's own `card` order type (`mall-order-types.ts`), without perks (a set order never had any) and without the
 * waiting room. A set order's mall lines count toward the buyer's limit beside their mall orders.
 */
export function createSetMallSource({ deps, svc, repo }: MarketContext) {
  /** Each card's sale rules and the buyer's holding of it; the buyer's priority window of the theme, read once. */
  async function judge(db: Executor, buyerId: string, ids: string[], now: Date) {
    const sales = await Promise.all(ids.map((id) => svc.catalogue.saleInfo(db, { kind: 'card', id })));
    const upcoming = sales.find((s) => s.saleStartsAt && now < s.saleStartsAt);
    const [own, inSets, inOrders] = await Promise.all([
      upcoming ? svc.perks.priorityHours(db, buyerId, upcoming) : 0,
      repo.mallHeld(db, buyerId, ids),
      Promise.all(ids.map((id) => svc.payOrders.heldQuantity(db, buyerId, { type: 'card', id }))),
    ]);
    return sales.map((s, i) => ({
      sale: s,
      ok: onSaleTo(s, now, own) && inOrders[i]! + (inSets.get(s.id) ?? 0) + 1 <= s.perUserLimit,
    }));
  }

  return {
    /** What the mall offers `buyerId` now of each card (priced ones only; all of one theme). */
    async offers(db: Executor, buyerId: string, cards: { id: string; priceCents: number | null }[], now: Date) {
      const priced = cards.filter((c) => c.priceCents !== null).map((c) => c.id);
      const judged = priced.length > 0 ? await judge(db, buyerId, priced, now) : [];
      return new Map(
        judged
          .filter((j) => j.ok)
          .map(({ sale: s }): [string, MallOffer] => [s.id, { cardInfoId: s.id, price: s.priceCents!, left: s.left }]),
      );
    },

    /**
     * Reserves one edition of each mall line for a pending set order, in card-info order (two set orders wait for
     * each other, never deadlock): the lines at the prices now, or null when any no longer holds (off sale, dearer,
     * over the limit, gone): the caller refuses with a new quote and the transaction rolls back. `image`: the first
     * card's picture (the order's, when no listing is bought).
     */
    async reserve(tx: Tx, buyerId: string, lines: MallQuoteLine[], now: Date) {
      const sorted = byCard(lines);
      const judged = await judge(
        tx,
        buyerId,
        sorted.map((l) => l.cardInfoId),
        now,
      );
      const out: MallQuoteLine[] = [];
      for (const [i, l] of sorted.entries()) {
        const { sale: s, ok } = judged[i]!;
        if (!ok || s.priceCents! > l.price) return null;
        if (!(await svc.catalogue.reserve(tx, { kind: 'card', id: l.cardInfoId }, 1))) return null;
        out.push({ ...l, price: s.priceCents! });
      }
      return { lines: out, image: judged[0]?.sale.image ?? null };
    },

    /** A set order's mall editions back to the mall (cancelled, expired). */
    async release(tx: Tx, orderNo: string, lines: MallQuoteLine[]): Promise<void> {
      for (const l of byCard(lines)) {
        if (!(await svc.catalogue.release(tx, { kind: 'card', id: l.cardInfoId }, 1)))
          throw new AppError('internal', `mall edition of ${l.cardInfoId} in ${orderNo} was not reserved`);
      }
    },

    /** After the release committed: the mall's sold-out flags of those cards are dropped (as the mall's own release does). */
    clearSoldOut(lines: MallQuoteLine[]): void {
      for (const l of lines) svc.catalogue.soldOut.clear({ kind: 'card', id: l.cardInfoId });
    },

    /**
     * A paid set order's mall lines: each edition minted to the buyer from its reservation, the platform's sale of
     * them booked (`mall_sale` of their prices, from orders clearing to platform sales, keyed by the order) and each
     * recorded as a `set_completion` sale by the platform (decision 049).
     */
    async deliver(
      tx: Tx,
      order: PayOrderRow,
      lines: MallQuoteLine[],
    ): Promise<NonNullable<PayOrderFulfilment['cards']>> {
      if (lines.length === 0) return [];
      const minted = [];
      for (const l of byCard(lines)) {
        const [card] = await svc.cards.mint(tx, {
          cardInfoId: l.cardInfoId,
          ownerId: order.buyerId,
          quantity: 1,
          via: 'drop',
          refId: order.orderNo,
          priceCents: l.price,
          fromReservation: true,
        });
        minted.push({ line: l, card: card! });
      }
      const total = lines.reduce((s, l) => s + l.price, 0);
      await svc.wallet.orderBooks.mallSale(tx, { ...order, amountCents: total });
      for (const { line, card } of minted) {
        await svc.sales.record(tx, {
          way: 'set_completion',
          kind: 'card',
          buyerId: order.buyerId,
          sellerId: null,
          item: {
            cardInfoId: card.cardInfoId,
            themeId: order.listingId,
            itemName: card.name,
            itemImage: card.image,
            rarity: card.rarity as 'N' | 'R' | 'SR' | 'SSR' | 'UR',
          },
          price: line.price,
          orderNo: order.orderNo,
          posting: { kind: 'mall_sale', ref: order.orderNo },
          source: { kind: 'theme', id: order.listingId! },
          units: [{ itemId: card.id, serial: card.serial, editionSize: card.editionSize }],
          costRule: 'paid',
        });
      }
      deps.log.info({ orderNo: order.orderNo, mallCards: minted.length }, 'set purchase: mall cards minted');
      // The order's fulfilment shows each card's face (its card info is the sale's).
      return minted.map(({ card: { cardInfoId: _, ...face } }) => face);
    },
  };
}
export type SetMallSource = ReturnType<typeof createSetMallSource>;
