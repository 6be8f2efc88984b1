import { randomBytes } from 'node:crypto';
import { drawPack, nextStreak, seedKey, type DrawLine } from '../../../shared/pack-draw';
import type { Deps } from '../../deps';
import { AppError, conflict, notFound } from '../../errors';
import type { CardsService } from '../cards/cards.service';
import type { OrderInput, OrderType } from '../pay-orders/pay-orders.service';
import type { QueueService } from '../queue/queue.service';
import type { SalesService } from '../sales/sales.service';
import type { OrderBooks } from '../wallet/order-books';
import type { PackCard, PackSeriesRow } from './packs.repository';
import { buyerTag, loadPool, packRefusal, packsLeft, revealIfDue, type RevealDeps } from './packs-rules';

export interface PackOrderDeps extends RevealDeps {
  deps: Pick<Deps, 'clock' | 'keys'>;
  cards: Pick<CardsService, 'mint'>;
  /** The waiting room: a hot series' order needs its admission (decision 044). */
  queue: Pick<QueueService, 'admit'>;
  /** The platform's sale of a paid order (decision 025). */
  books: Pick<OrderBooks, 'mallSale'>;
  /** The sale record: the pack's price shared among its cards (decision 049). */
  sales: Pick<SalesService, 'record'>;
}

/** A random client seed for a buyer who set none: 16 hex characters. */
const randomClientSeed = () => randomBytes(8).toString('hex');

/** The buyer's packs since their last pack holding a qualifying card (newest first), up to `every`. */
const streakOf = (hits: boolean[]) => {
  const i = hits.indexOf(true);
  return i === -1 ? hits.length : i;
};

/**
 * The `pay` order type `pack` (decision 043): `reserve` holds packs on the series row (never past its total, never
 * past the buyer's cap, counting their pending and paid packs); `fulfil` draws them in the settling transaction under
 * the series' row lock (nonces in order), mints each card from the pool's reserved editions and publishes the draws;
 * `release` gives the packs back. A series flagged 熱門 is bought through the waiting room: `admit` asks for the
 * admission token (decision 044).
 */
export function createPackOrderType(
  d: PackOrderDeps,
): OrderType<OrderInput<'pack'>, { refusal: (now: Date) => AppError | null; series: PackSeriesRow }> {
  const { repo } = d;
  return {
    itemId: (input) => input.seriesId,
    async availability(db, id) {
      const series = await repo.series(db, id);
      if (!series) throw notFound('找不到此卡包');
      return { series, refusal: (now) => packRefusal(series, now) };
    },
    async admit(tx, { buyerId, itemId, token, now }, checked) {
      const s = checked.series;
      // Not on sale yet: no admission exists; `reserve` refuses the order with the start time.
      if (s.id !== itemId || !s.hot || (s.saleStartsAt && now < s.saleStartsAt)) return null;
      return d.queue.admit(
        tx,
        { kind: 'pack', id: s.id, startMs: s.saleStartsAt?.getTime() ?? 0 },
        buyerId,
        token,
        now,
      );
    },
    async reserve(tx, { buyerId, itemId, quantity, orderNo, request }, now) {
      const s = await repo.series(tx, itemId);
      if (!s) throw notFound('找不到此卡包');
      const refusal = packRefusal(s, now);
      if (refusal) throw refusal;
      const held = await repo.heldPacks(tx, s.id, buyerId);
      if (held + quantity > s.perUserLimit) {
        throw conflict(
          held > 0
            ? `此卡包每人限購 ${s.perUserLimit} 包，你已購買或有待付款訂單 ${held} 包`
            : `此卡包每人限購 ${s.perUserLimit} 包`,
        );
      }
      if (!(await repo.reservePacks(tx, s.id, quantity, now))) {
        const left = packsLeft((await repo.series(tx, s.id))!);
        throw left === 0 ? conflict('此卡包已售罄', 'sold_out') : conflict(`此卡包只剩 ${left} 包，請減少數量`);
      }
      await repo.insertOrder(tx, {
        orderNo,
        seriesId: s.id,
        buyerId,
        clientSeed: request?.clientSeed ?? randomClientSeed(),
        quantity,
        status: 'pending',
        createdAt: now,
      });
      return { listingId: s.id, itemName: s.name, itemImage: s.cover, unitPriceCents: s.priceCents };
    },
    async release(tx, order) {
      const now = d.deps.clock.now();
      if (!(await repo.setOrderStatus(tx, order.orderNo, 'pending', 'released'))) return false;
      if (!(await repo.releasePacks(tx, order.listingId!, order.quantity, now))) return false;
      const s = await repo.series(tx, order.listingId!, { forUpdate: true });
      await revealIfDue(d, tx, s!, now);
      return true;
    },
    async fulfil(tx, order) {
      const now = d.deps.clock.now();
      const po = await repo.order(tx, order.orderNo);
      if (!po || !(await repo.setOrderStatus(tx, order.orderNo, 'pending', 'paid')))
        throw new AppError('internal', `pack order ${order.orderNo} is not pending`);
      // The series' row lock orders the draws: nonces are handed out one paid order at a time.
      const s = (await repo.series(tx, po.seriesId, { forUpdate: true }))!;
      const pool = await loadPool(d, tx, s.id);
      const lines: DrawLine[] = pool.map((p) => ({
        cardInfoId: p.cardInfoId,
        rarity: p.rarity,
        remaining: p.remaining,
      }));
      const key = await seedKey(d.vault.open(s.seedKeyId, s.seedCipher));
      const g = s.guarantee;
      let streak = g ? streakOf(await repo.lastHits(tx, s.id, po.buyerId, g.every)) : 0;
      const packs: { nonce: number; guaranteed: boolean; hit: boolean; lines: number[] }[] = [];
      for (let q = 0; q < po.quantity; q++) {
        const nonce = s.packsDrawn + 1 + q;
        const drawn = await drawPack(key, { orderNo: po.orderNo, clientSeed: po.clientSeed, nonce }, lines, {
          cardsPerPack: s.cardsPerPack,
          guarantee: g,
          streak,
        });
        streak = nextStreak(streak, drawn);
        packs.push({ nonce, ...drawn });
      }
      for (const [i, line] of lines.entries()) {
        const taken = pool[i]!.remaining - line.remaining;
        if (taken > 0) await repo.takeUnits(tx, s.id, pool[i]!.position, taken);
      }
      if (!(await repo.sellPacks(tx, s.id, po.quantity, now)))
        throw new AppError('internal', `packs of ${order.orderNo} were not reserved`);
      // Minted per card info (one serial update each), then handed back in draw order.
      const wanted = new Map<number, number>();
      for (const p of packs) for (const li of p.lines) wanted.set(li, (wanted.get(li) ?? 0) + 1);
      const minted = new Map<number, PackCard[]>();
      for (const [li, quantity] of wanted) {
        const cards = await d.cards.mint(tx, {
          cardInfoId: lines[li]!.cardInfoId,
          ownerId: po.buyerId,
          quantity,
          via: 'pack',
          refId: po.orderNo,
          fromReservation: true,
        });
        minted.set(
          li,
          cards.map((c) => ({
            id: c.id,
            name: c.name,
            image: c.image,
            rarity: c.rarity,
            serial: c.serial,
            editionSize: c.editionSize,
          })),
        );
      }
      const tag = buyerTag(d.deps.keys, s.id, po.buyerId);
      const rows = packs.map((p) => ({
        seriesId: s.id,
        nonce: p.nonce,
        orderNo: po.orderNo,
        buyerId: po.buyerId,
        buyerTag: tag,
        guaranteed: p.guaranteed,
        hit: p.hit,
        cardInfoIds: p.lines.map((li) => lines[li]!.cardInfoId),
        cards: p.lines.map((li) => minted.get(li)!.shift()!),
        drawnAt: now,
      }));
      await repo.insertDraws(tx, rows);
      await revealIfDue(d, tx, (await repo.series(tx, s.id))!, now);
      const cards = rows.flatMap((r) => r.cards);
      await d.books.mallSale(tx, order);
      await d.sales.record(tx, {
        way: 'pack',
        kind: 'card',
        buyerId: order.buyerId,
        sellerId: null,
        item: { itemName: order.itemName, itemImage: order.itemImage },
        price: order.unitPriceCents * order.quantity,
        discount: order.discountCents,
        orderNo: order.orderNo,
        posting: { kind: 'mall_sale', ref: order.orderNo },
        source: { kind: 'pack', id: s.id },
        units: cards.map((c) => ({ itemId: c.id, serial: c.serial, editionSize: c.editionSize })),
        costRule: 'pack_share',
      });
      return { cards };
    },
  };
}
