import type { Deps } from '../../deps';
import type { AuditService } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import type { CardsService } from '../cards/cards.service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { GoodsService } from '../goods/goods.service';
import type { IdentityService } from '../identity/identity.service';
import type { PayOrdersService } from '../pay-orders/pay-orders.service';
import type { PerksService } from '../perks/perks.service';
import type { PricesService } from '../prices/prices.service';
import type { StandingService } from '../standing/standing.service';
import type { Notifier } from '../notifications/notifications.service';
import type { WatchService } from '../watch/watch.service';
import type { AlertsService } from '../alerts/alerts.service';
import type { WalletService } from '../wallet/wallet.service';
import type { SalesService } from '../sales/sales.service';
import type { MarketReadModel } from './market.read-model';
import type { MarketRepository } from './market.repository';

/** The public cache's tag of market answers (docs/decisions/013): every listing or market order write invalidates it. */
export const MARKET_TAG = 'market';

export type MarketDeps = Pick<Deps, 'db' | 'clock' | 'log' | 'publicCache'>;

/** The services the market calls: items change hands only through cards and goods, money only through the ledger. */
export interface MarketServices {
  auth: Pick<AuthService, 'profiles'>;
  identity: Pick<IdentityService, 'isVerified' | 'payoutAccount'>;
  /** Postings; the mall's sale of a set order's mall cards through the order books (issue 44). */
  wallet: Pick<WalletService, 'post' | 'orderBooks'>;
  /** Cards change hands; a set order's mall cards are minted (issue 44). */
  cards: Pick<CardsService, 'setStatus' | 'transfer' | 'lowestHeld' | 'mint'>;
  /** A theme's set and its cards (the set quote, decision 042); the mall's sale rules and supply of a card (issue 44). */
  catalogue: Pick<
    CatalogueService,
    'theme' | 'setCardInfos' | 'cardInfosById' | 'saleInfo' | 'reserve' | 'release' | 'soldOut'
  >;
  /** A buyer's priority window of a theme's upcoming mall cards (decision 029), for a set quote's mall lines. */
  perks: Pick<PerksService, 'priorityHours'>;
  goods: Pick<GoodsService, 'setStatus' | 'transfer'>;
  payOrders: Pick<
    PayOrdersService,
    'registerOrderType' | 'create' | 'cancel' | 'byKey' | 'ownOrder' | 'info' | 'heldQuantity'
  >;
  audit: Pick<AuditService, 'record'>;
  /** The storefront's standing figures (issue 21 §4). */
  standing: Pick<StandingService, 'figures'>;
  /** How many watch each listing (the desk's 「N 人關注」; never who). */
  watch: Pick<WatchService, 'countWatchers'>;
  /** Market prices beside the floor (decision 032). */
  prices: Pick<PricesService, 'marketPrices' | 'lastSales' | 'recentSales'>;
  /** Sold, filled, expired, taken down: written in the same transaction (decision 034). */
  notifications: Notifier;
  /** Price alerts and set notices, checked in the transaction of each listing created, repriced or cancelled (decision 039). */
  alerts: Pick<AlertsService, 'listingChanged'>;
  /** Each completed trade's one record (decision 049), written in the trade's transaction. */
  sales: Pick<SalesService, 'record'>;
}

/** What the market's parts (order types, trader actions, views, operator actions, expiry) are built from. */
export interface MarketContext {
  deps: MarketDeps;
  svc: MarketServices;
  repo: MarketRepository;
  read: MarketReadModel;
  /** The service that moves an item of each kind. */
  items: { card: MarketServices['cards']; goods: MarketServices['goods'] };
}
