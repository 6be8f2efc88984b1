import { marketFee } from '../../../shared/schemas/market';
import { AppError, conflict, notFound } from '../../errors';
import type { OrderInput, OrderType } from '../pay-orders/pay-orders.service';
import { accounts } from '../wallet/wallet.service';
import type { MarketContext } from './market-context';
import { pendingPurchase } from './market-order-types';
import { marketSale, saleLines } from './market-postings';
import { describe } from './market-presenters';
import type { TraderRules } from './market-rules';
import type { ListingRow } from './market.repository';
import type { SetQuotes } from './market-set-quote.service';
import { isMallLine, type SetMallSource } from './market-set-mall';
import type { MarketQuoteLine, SetQuoteLine } from './market-set.repository';

/** The refusal of a quote that no longer holds: the answer then carries the new quote (`restateRefusal`). */
const STALE = 'quote_stale';

/** `<themeId>:<quoteId>`: the order's item, so one request names both (a quote id never holds a colon). */
const splitItem = (itemId: string) => {
  const at = itemId.lastIndexOf(':');
  return { themeId: itemId.slice(0, at), quoteId: itemId.slice(at + 1) };
};

/**
 * The `set` pay-order type (decision 042): buys every line of a set quote in one order, each from its source (a
 * market listing, or the mall's editions: issue 44). `reserve` holds all of them in one transaction or none (a listing
 * gone or dearer, a mall edition off sale or over the limit, refuses with the new quote) and binds the quote to the
 * order; `fulfil` sells them all in the settling transaction, with one `set_sale` posting per seller and one
 * `mall_sale` of the mall's cards; `release` puts the listings back on the market and the editions back in the mall.
 */
export function createSetOrderType(
  { deps, svc, repo, items }: MarketContext,
  rules: Pick<TraderRules, 'requireTrader'>,
  quotes: Pick<SetQuotes, 'quoteFor'>,
  mall: Omit<SetMallSource, 'offers'>,
): OrderType<OrderInput<'set'>> {
  const cardOf = (l: ListingRow) => {
    if (l.kind !== 'card') throw new AppError('internal', `set listing ${l.id} is not a card`);
    return l;
  };

  return {
    itemId: (input) => `${input.themeId}:${input.quoteId}`,
    async availability() {
      // Every rule needs the buyer (whose quote it is): judged in `reserve`.
      return { refusal: () => null };
    },
    async reserve(tx, { buyerId, itemId, orderNo }, now) {
      const { themeId, quoteId } = splitItem(itemId);
      const quote = await repo.quote(tx, quoteId);
      if (!quote || quote.userId !== buyerId || quote.themeId !== themeId) throw notFound('找不到此報價，請重新報價');
      if (quote.expiresAt <= now) throw conflict('報價已過期，已為你重新報價，請再確認', STALE);
      await rules.requireTrader(tx, buyerId, false);
      const asks = quote.lines.filter((l): l is MarketQuoteLine => !isMallLine(l));
      const reserved = await repo.reserveForSet(tx, asks, { orderNo, buyerId, now });
      // Thrown: the transaction rolls back, so the listings and editions reserved here are not held either.
      const stale = () => conflict('部分卡牌已售出或價格已更改，已為你重新報價，請再確認', STALE);
      if (reserved.length !== asks.length) throw stale();
      for (const l of reserved) {
        if (!(await items.card.setStatus(tx, { id: cardOf(l).itemId!, from: 'listed', to: 'reserved' })))
          throw new AppError('internal', `listed item ${l.itemId} of ${l.id} was not listed`);
        await repo.insertOrder(tx, pendingPurchase(l, { orderNo, buyerId, now }));
      }
      const fromMall = await mall.reserve(tx, buyerId, quote.lines.filter(isMallLine), now);
      if (!fromMall) throw stale();
      // The quote is the order's record of what it holds, at the prices reserved (a lowered price is charged).
      const lines: SetQuoteLine[] = [
        ...reserved.map((l) => ({
          source: 'market' as const,
          cardInfoId: l.cardInfoId!,
          listingId: l.id,
          price: l.price,
        })),
        ...fromMall.lines,
      ];
      if (!(await repo.bindQuote(tx, quoteId, { orderNo, lines }))) throw stale();
      const theme = await svc.catalogue.theme(tx, themeId);
      return {
        // The theme completed: the order's item (pay_orders.listingId holds it for a set, decision 042).
        listingId: themeId,
        itemName: `一鍵補齊：${theme?.name ?? ''}（${lines.length} 張）`,
        itemImage: reserved[0]?.itemImage ?? fromMall.image ?? '',
        unitPriceCents: lines.reduce((s, l) => s + l.price, 0),
      };
    },
    async restateRefusal(err, input, buyerId) {
      if (err.reason !== STALE) return err;
      return new AppError('conflict', err.message, STALE, await quotes.quoteFor(buyerId, input.themeId));
    },
    async release(tx, order) {
      const now = deps.clock.now();
      const held = await repo.reservedBy(tx, order.orderNo);
      // Orders placed before issue 44 have no bound quote: listings only.
      const bound = await repo.settleQuote(tx, order.orderNo, 'released');
      if (held.length === 0 && !bound) return false;
      await mall.release(tx, order.orderNo, (bound ?? []).filter(isMallLine));
      for (const l of held) {
        const back = await repo.transition(
          tx,
          l.id,
          ['reserved'],
          { status: 'active', reservedOrderNo: null, counterpartyId: null, updatedAt: now },
          { reservedBy: order.orderNo },
        );
        if (!back || !(await items.card.setStatus(tx, { id: l.itemId!, from: 'reserved', to: 'listed' })))
          throw new AppError('internal', `listing ${l.id} of ${order.orderNo} could not be released`);
        await svc.notifications.notify(tx, l.userId, 'marketOrderCancelled', {
          orderNo: order.orderNo,
          listingId: l.id,
          itemName: describe(l),
          reason: order.status === 'expired' ? 'expired' : 'buyer',
        });
      }
      await repo.finishOrder(tx, order.orderNo, { status: order.status === 'expired' ? 'expired' : 'cancelled' });
      return true;
    },
    afterRelease(order) {
      // Read after the commit: the mall's sold-out flags of the editions given back are dropped.
      repo.linesOfOrder(deps.db, order.orderNo).then(
        (lines) => mall.clearSoldOut((lines ?? []).filter(isMallLine)),
        (err: unknown) => deps.log.warn({ err, orderNo: order.orderNo }, 'set order: sold-out flags not cleared'),
      );
    },
    async fulfil(tx, order) {
      const now = deps.clock.now();
      const held = await repo.reservedBy(tx, order.orderNo);
      const bound = await repo.settleQuote(tx, order.orderNo, 'paid');
      const fromMall = (bound ?? []).filter(isMallLine);
      if (held.length === 0 && fromMall.length === 0)
        throw new AppError('internal', `set order ${order.orderNo} holds no listing and no mall edition`);
      const minted = await mall.deliver(tx, order, fromMall);
      const bySeller = new Map<string, ListingRow[]>();
      for (const l of held) {
        const sold = await repo.transition(
          tx,
          l.id,
          ['reserved'],
          { status: 'sold', closedAt: now, updatedAt: now },
          { reservedBy: order.orderNo },
        );
        if (!sold) throw new AppError('internal', `listing ${l.id} of ${order.orderNo} was not reserved by it`);
        const moved = await items.card.transfer(tx, {
          id: cardOf(l).itemId!,
          fromUserId: l.userId,
          toUserId: order.buyerId,
          fromStatus: 'reserved',
          priceCents: l.price,
          refId: order.orderNo,
        });
        if (!moved) throw new AppError('internal', `item of ${l.id} in ${order.orderNo} was not reserved`);
        bySeller.set(l.userId, [...(bySeller.get(l.userId) ?? []), l]);
      }
      // One posting per seller: each of their cards' price in, fee out, from the order's clearing.
      for (const [sellerId, sold] of bySeller) {
        await svc.wallet.post(
          tx,
          'set_sale',
          `${order.orderNo}:${sellerId}`,
          sold.flatMap((l) => saleLines(accounts.ordersClearing, sellerId, l.price, describe(l))),
        );
        for (const l of sold) {
          const { fee, proceeds } = marketFee(l.price);
          await svc.notifications.notify(tx, sellerId, 'itemSold', {
            orderNo: order.orderNo,
            itemName: describe(l),
            priceCents: l.price,
            feeCents: fee,
            proceedsCents: proceeds,
          });
        }
      }
      const done =
        held.length > 0 ? await repo.finishOrder(tx, order.orderNo, { status: 'completed', completedAt: now }) : [];
      for (const l of held) {
        await svc.sales.record(
          tx,
          marketSale(cardOf(l), {
            id: done.find((o) => o.listingId === l.id)?.id,
            way: 'set_completion',
            buyerId: order.buyerId,
            sellerId: l.userId,
            price: l.price,
            orderNo: order.orderNo,
            posting: { kind: 'set_sale', ref: `${order.orderNo}:${l.userId}` },
            listingId: l.id,
            source: { kind: 'theme', id: order.listingId! },
          }),
        );
      }
      deps.log.info({ orderNo: order.orderNo, listings: held.length, mall: minted.length }, 'set purchase settled');
      return {
        cards: [
          ...held.map((l) => ({
            id: l.itemId!,
            serial: l.serial!,
            editionSize: l.editionSize!,
            name: l.itemName,
            image: l.itemImage,
            rarity: l.rarity ?? 'N',
          })),
          ...minted,
        ],
      };
    },
  };
}
