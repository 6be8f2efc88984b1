import type { Deps } from '../../deps';
import type { ItemDepartures } from '../../item-departures';
import type { CardsService } from '../cards/cards.service';
import type { GoodsService } from '../goods/goods.service';
import type { IdentityService } from '../identity/identity.service';
import type { MarketService } from '../market/market.service';
import type { Notifier } from '../notifications/notifications.service';
import type { PayOrdersService } from '../pay-orders/pay-orders.service';
import type { PricesService } from '../prices/prices.service';
import type { WalletService } from '../wallet/wallet.service';
import type { SalesService } from '../sales/sales.service';
import type { OffersRepository } from './offers.repository';

/** The services offers call: items move through cards and goods, money only through the ledger. */
export interface OffersServices {
  identity: Pick<IdentityService, 'isVerified' | 'payoutAccount'>;
  wallet: Pick<WalletService, 'post' | 'balancesOf'>;
  /** An offer made with a short balance is funded by its `offer` pay order (the type registers at construction). */
  payOrders: Pick<PayOrdersService, 'registerOrderType' | 'create' | 'list' | 'hasPending' | 'cancel'>;
  cards: Pick<CardsService, 'transfer'>;
  goods: Pick<GoodsService, 'transfer'>;
  /** The item as the market sees it, its sell listing, and closing that listing when an offer is accepted. */
  market: Pick<MarketService, 'offerItem' | 'sellListing' | 'sellForOffer'>;
  /** Each accepted offer's sale record (decision 049). */
  sales: Pick<SalesService, 'record'>;
  prices: Pick<PricesService, 'marketPrices'>;
  notifications: Notifier;
  /** Offers hear of each item leaving its owner by another path (sold, exchanged, sent), in its transaction. */
  departures: Pick<ItemDepartures, 'listen'>;
}

export interface OffersContext {
  deps: Pick<Deps, 'db' | 'clock' | 'log'>;
  svc: OffersServices;
  repo: OffersRepository;
}
