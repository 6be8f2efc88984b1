import type { Executor } from '../../db/client';
import { PRICES_TAG } from '../prices/prices.service';
import { createMarketAdmin } from './market-admin.service';
import { createMarketDesk } from './market-desk.service';
import { MARKET_TAG, type MarketContext, type MarketDeps, type MarketServices } from './market-context';
import { createMarketExpiry } from './market-expiry.service';
import { createMarketOffers } from './market-offers';
import { createMarketOrderTypes } from './market-order-types';
import { createSetBids } from './market-set-bids';
import { createSetMallSource } from './market-set-mall';
import { createSetOrderType } from './market-set-order-type';
import { createSetQuotes } from './market-set-quote.service';
import { createMarketPresenters } from './market-presenters';
import { createTraderRules } from './market-rules';
import { createMarketTrading } from './market-trading.service';
import { createMarketViews } from './market-views.service';
import { createMarketReadModel, type MarketReadModel } from './market.read-model';
import { createMarketRepository, type MarketRepository } from './market.repository';

export { MARKET_TAG, type MarketServices };

/**
 * The market (PRODUCT.md §4.6): sell listings bought through `market` (or, a set's at once, `set`) pay orders, buy listings
 * funded through `bid` pay orders and held in escrow, fills, expiry, and the public market views.
 * Items change hands only through the cards and goods services, money only through the ledger,
 * each sale in one transaction. Its parts, one file each:
 * - market-order-types.ts: the money steps (`market` and `bid` pay-order types, registered here);
 * - market-trading.service.ts: trader actions (create, cancel, cancelOrder, confirmOrder);
 * - market-views.service.ts: public views and a trader's lists, with the public cache;
 * - market-desk.service.ts: the trader's desk (mine, editPrice, orderDetail);
 * - market-admin.service.ts: operator actions (adminList, takeDown);
 * - market-expiry.service.ts: the expiry sweep;
 * - market-offers.ts: what offers (issue 24) ask of the market.
 * - market-set-quote.service.ts and market-set-order-type.ts: completing a set in one tap (decision 042), with
 *   market-set-mall.ts: the mall's own editions as a source of it (issue 44);
 * - market-set-bids.ts: one-step bids for a set's cards nobody sells (`bids` pay orders, decision 042).
 */
export function createMarketService(
  deps: MarketDeps,
  svc: MarketServices,
  // Market prices are kept under their own tag and change with a sale: every market write drops both.
  repo: MarketRepository = createMarketRepository({
    changed: () => {
      deps.publicCache.invalidate(MARKET_TAG);
      deps.publicCache.invalidate(PRICES_TAG);
    },
  }),
  read: MarketReadModel = createMarketReadModel(),
) {
  deps.publicCache.define(MARKET_TAG, { nextChange: (now) => repo.nextExpiry(deps.db, now) });
  const ctx: MarketContext = { deps, svc, repo, read, items: { card: svc.cards, goods: svc.goods } };
  const rules = createTraderRules(ctx);
  const present = createMarketPresenters(svc.auth);
  const orderTypes = createMarketOrderTypes(ctx, rules);
  svc.payOrders.registerOrderType('market', orderTypes.market);
  svc.payOrders.registerOrderType('bid', orderTypes.bid);
  const setMall = createSetMallSource(ctx);
  const setQuotes = createSetQuotes(ctx, setMall);
  svc.payOrders.registerOrderType('set', createSetOrderType(ctx, rules, setQuotes, setMall));
  const setBids = createSetBids(ctx, rules, present);
  svc.payOrders.registerOrderType('bids', setBids.orderType);
  return {
    ...createMarketTrading(ctx, rules, present),
    ...createMarketViews(ctx, present),
    ...createMarketDesk(ctx, present),
    ...createMarketAdmin(ctx, present),
    ...createMarketExpiry(ctx),
    ...createMarketOffers(ctx),
    completionQuote: setQuotes.completionQuote,
    createBids: setBids.createBids,
    /** Whether any listing, open or closed, names this card info or product (the catalogue refuses to delete it). */
    hasListingsFor: (db: Executor, item: { cardInfoId: string } | { productId: string }) =>
      repo.anyListingFor(db, item),
  };
}
export type MarketService = ReturnType<typeof createMarketService>;
