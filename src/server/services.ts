import type { Deps } from './deps';
import { createAccountService } from './modules/account/account.service';
import { createAddressesService } from './modules/addresses/addresses.service';
import { createAuditService } from './modules/audit/audit.service';
import { createAuthService } from './modules/auth/auth.service';
import { createCardsService } from './modules/cards/cards.service';
import { createCodesService } from './modules/codes/codes.service';
import { createCodesAdminService } from './modules/codes/codes-admin.service';
import { createUploadsService } from './modules/uploads/uploads.service';
import { createCollectionService } from './modules/collection/collection.service';
import { createCatalogueService } from './modules/catalogue/catalogue.service';
import { createCatalogueAdminService } from './modules/catalogue/catalogue-admin.service';
import { createContentService } from './modules/content/content.service';
import { createContentAdminService } from './modules/content/content-admin.service';
import { createGoodsService } from './modules/goods/goods.service';
import { createPayOrdersService } from './modules/pay-orders/pay-orders.service';
import { createPaymentsService } from './modules/payments/payments.service';
import { createIdentityService } from './modules/identity/identity.service';
import { createMallService } from './modules/mall/mall.service';
import { createPacksService } from './modules/packs/packs.service';
import { createPerksService } from './modules/perks/perks.service';
import { createPricesService } from './modules/prices/prices.service';
import { createPortfolioService } from './modules/portfolio/portfolio.service';
import { createMarketService, MARKET_TAG } from './modules/market/market.service';
import { createOffersService } from './modules/offers/offers.service';
import { createWalletService } from './modules/wallet/wallet.service';
import { createLedgerAdminService } from './modules/wallet/ledger-admin.service';
import { createVault } from './adapters/vault';
import { createItemDepartures } from './item-departures';
import { createShipmentsService } from './modules/shipments/shipments.service';
import { createUsersService } from './modules/users/users.service';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { createMetricsService } from './modules/metrics/metrics.service';
import { createStandingService } from './modules/standing/standing.service';
import { createFeedbackService } from './modules/standing/feedback.service';
import { createWatchService } from './modules/watch/watch.service';
import { createNotificationsService, type OnNotified } from './modules/notifications/notifications.service';
import { createSearchService } from './modules/search/search.service';
import { createLiveService, type LiveService } from './modules/live/live.service';
import { createShareService } from './modules/share/share.service';
import { createAlertsService } from './modules/alerts/alerts.service';
import type { PushSender } from './adapters/push/push';
import { createQueueService } from './modules/queue/queue.service';
import { createMemoryQueueCopy, type QueueCopy } from './modules/queue/queue-store';
import { createDurableQueueStore } from './modules/queue/durable-queue-store';
import { createArtSourceFor, createPushSender } from './startup';
import { createPushService } from './modules/notifications/push.service';
import { createNotificationDeliveryService } from './modules/notifications/notification-delivery.service';
import { createSalesService } from './modules/sales/sales.service';
import { createOrderRefundsService } from './modules/order-refunds/order-refunds.service';
import { createNotificationDeliveryAdminService } from './modules/notifications/notification-delivery-admin.service';

/** Every domain service, built once per app from the same dependencies. */
export function createServices(
  deps: Deps,
  opts: { onNotified?: OnNotified; push?: PushSender; queueCopy?: QueueCopy } = {},
) {
  // Web Push with VAPID keys from APP_SECRET unless the caller brings its own sender (decision 038).
  const pushSender = opts.push ?? createPushSender(deps.config, deps.keys, deps.clock);
  // Notifications first: every module that writes one does it inside its own transaction (decision 034).
  // Each committed notification goes to its user's open streams (the live service is built further down).
  const later: { live?: LiveService } = {};
  const notifications = createNotificationsService(deps, {
    onNotified: (userId, n) => {
      later.live?.publishUser(userId, {
        type: 'notification',
        id: n.id,
        title: n.title,
        link: n.link ?? '/my/notifications',
      });
      opts.onNotified?.(userId, n);
    },
  });
  // Admin services record operator actions inside their transactions.
  const audit = createAuditService(deps);
  // The one record of every completed trade (decision 049): each trade's workflow writes it, every view reads it.
  const sales = createSalesService(deps);
  // Market prices read the sale record and call no service; each trade between users recorded drops what they keep.
  const prices = createPricesService(deps);
  sales.onRecorded(prices.saleRecorded);
  // The market's public answers show the latest trades (最近成交): a trade between users outside any listing or market
  // order (an accepted offer on an unlisted item) changes them too.
  sales.onRecorded((sale) => {
    if (sale.sellerId !== null) deps.publicCache.invalidate(MARKET_TAG);
  });
  // Catalogue first: cards, goods and codes reach its tables (serials, stock, targets) through it.
  const catalogue = createCatalogueService(deps, { prices });
  // Search first of those that change names: the back office and accounts keep its docs in their transactions.
  const search = createSearchService(deps);
  // Cards and goods report each unit that leaves its owner; offers listen (registered at their construction).
  const departures = createItemDepartures();
  const cards = createCardsService(deps, { catalogue, departures });
  const goods = createGoodsService(deps, { catalogue, departures });
  const auth = createAuthService(deps, search);
  const codes = createCodesService(deps, { catalogue });
  const vault = createVault(deps.keys);
  const identity = createIdentityService({ ...deps, vault }, { auth, audit, notifications });
  // The wallet first: pay orders book their money through its order books (decision 025).
  const wallet = createWalletService(deps, { identity, auth, audit, notifications });
  const payOrders = createPayOrdersService(deps, { books: wallet.orderBooks, notifications });
  // Registers the `card` and `product` order types with pay orders.
  const perks = createPerksService(deps, { catalogue });
  // The waiting room before the mall: a hot drop's order needs its admission (decision 044).
  const queue = createQueueService(
    deps,
    { catalogue, payOrders, audit },
    // The record in the database, a fast copy in Redis or this process (decision 051).
    createDurableQueueStore(deps.db, opts.queueCopy ?? createMemoryQueueCopy()),
    () => later.live,
  );
  const mall = createMallService(deps, {
    payOrders,
    catalogue,
    cards,
    goods,
    perks,
    queue,
    books: wallet.orderBooks,
    sales,
  });
  // Registers the `pack` order type (decision 043).
  const packs = createPacksService(deps, {
    payOrders,
    catalogue,
    cards,
    audit,
    queue,
    books: wallet.orderBooks,
    sales,
  });
  // Seller standing reads the market's tables: built first, so the storefront answer carries it.
  const standing = createStandingService(deps);
  // The watchlist before the market: the desk shows how many watch each listing.
  const watch = createWatchService(deps, { marketPrices: prices.marketPrices });
  // Alerts before the market: each listing write checks them in its transaction (decision 039).
  const alerts = createAlertsService(deps, { notifications, watch });
  // Registers the `market`, `bid` and `set` order types with pay orders.
  const market = createMarketService(deps, {
    auth,
    catalogue,
    perks,
    identity,
    wallet,
    cards,
    goods,
    payOrders,
    audit,
    standing,
    prices,
    watch,
    notifications,
    alerts,
    sales,
  });
  const addresses = createAddressesService(deps);
  // Live updates: told of each committed stock change by the catalogue, and of each committed notification.
  const live = (later.live = createLiveService(deps, { catalogue }));
  const shipments = createShipmentsService(deps, { goods, addresses, audit, notifications });
  // Operators' refunds of paid mall orders (decision 050); the buyer's order views show them.
  const orderRefunds = createOrderRefundsService(deps, {
    payOrders,
    sales,
    wallet,
    audit,
    notifications,
    cards,
    goods,
    shipments,
  });
  payOrders.setRefundsReader(orderRefunds.buyerRefunds);
  const collection = createCollectionService(deps, { auth, cards, catalogue, codes, prices, sales, perks });
  const ledger = createLedgerAdminService(deps, { orders: { finalOrders: payOrders.orderFacts } });
  return {
    /** Operator actions, recorded inside the transaction that makes them. */
    audit,
    /** The sale records (decision 049). */
    sales,
    orderRefunds,
    identity,
    wallet,
    /** The back office's books (帳目): trial balance, journal, reconciliation. */
    ledger,
    /**
     * `/metrics` and the live drop view (decision 045), with the waiting room's figures per drop (`queue.forDrop`);
     * the queue's own gauges are registered beside it (below).
     */
    metrics: createMetricsService(deps, { books: ledger, queue }),
    market,
    /** Offers and counter-offers with escrowed money (issue 24). */
    offers: createOffersService(deps, {
      identity,
      wallet,
      payOrders,
      cards,
      goods,
      market,
      prices,
      notifications,
      departures,
      sales,
    }),
    /** Market prices and their history (decision 032): what other modules call for a price. */
    prices,
    /** What a collection is worth (issue 24): the user's own cost, value and profit and loss, and daily snapshots. */
    portfolio: createPortfolioService(deps, { prices, sales }),
    /** Search across the catalogue, the market and sellers (issue 22). */
    search,
    /** Seller standing and trade feedback (issue 21 §4). */
    standing,
    /** The watchlist (issue 22): other modules read who watches what through it. */
    watch,
    /** Live updates (issue 23, decision 037): `live.publishUser(userId, event)` after a commit reaches their streams. */
    live,
    /** The notification centre (issue 23, decision 034). */
    notifications,
    /** Price alerts, watched-drop reminders and set notices (issue 23, decision 039). */
    alerts,
    /** Web Push subscriptions (decision 038). */
    push: createPushService(deps, pushSender),
    /** Sends the notification outbox by Web Push and SMS (decision 038): the delivery job calls it. */
    delivery: createNotificationDeliveryService(deps, { push: pushSender }),
    /** The back office's dead letters and their 重試. */
    deliveryAdmin: createNotificationDeliveryAdminService(deps, { auth, audit }),
    feedback: createFeedbackService(deps, { standing, audit }),
    mall,
    /** The waiting room of hot drops (issue 25, decision 044); `queue.gauges()` feeds /metrics. */
    queue,
    /** Mystery packs (issue 25, decision 043): series, the provable draw, opening. */
    packs,
    perks,
    auth,
    content: createContentService(deps),
    catalogue,
    payOrders,
    payments: createPaymentsService(deps, { payOrders }),
    cards,
    goods,
    codes,
    collection,
    /** Share links' previews (issue 23): read through the public answers of the catalogue, market and collection. */
    share: createShareService({ catalogue, market, collection }, createArtSourceFor(deps.config)),
    account: createAccountService(deps, { auth, cards, identity }),
    addresses,
    shipments,
    dashboard: createDashboardService(deps, { shipments, wallet }),
    /** The back office's users and identities. */
    users: createUsersService(deps, { auth, audit, identity }),
    /** Back office (issue 11): catalogue, code batches, content, uploads. */
    catalogueAdmin: createCatalogueAdminService(deps, { audit, market, catalogue, search }),
    contentAdmin: createContentAdminService(deps, { audit }),
    codesAdmin: createCodesAdminService(deps, { codes, catalogue, audit, vault }),
    uploads: createUploadsService(deps, { audit }),
  };
}
export type Services = ReturnType<typeof createServices>;
