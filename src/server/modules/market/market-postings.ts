import type { Tx } from '../../db/client';
import { marketFee } from '../../../shared/schemas/market';
import { accounts } from '../wallet/wallet.service';
import type { MarketServices } from './market-context';
import type { ListingRow } from './market.repository';
import type { NewSale } from '../sales/sales.service';
import type { SaleWay, SaleSource } from '../../../shared/sale-ways';

/** The item a market trade moved, as a listing or a market order snapshots it. */
type Traded = Pick<
  ListingRow,
  'kind' | 'cardInfoId' | 'productId' | 'themeId' | 'itemName' | 'itemImage' | 'rarity' | 'serial' | 'editionSize'
> & { itemId: string | null };

/**
 * The sale record of one market trade (decision 049): one unit between two users at `price`, less the market fee; its
 * cost basis for the buyer is the price paid.
 */
export const marketSale = (
  item: Traded,
  t: {
    id?: string;
    way: Extract<SaleWay, 'listing' | 'bid' | 'offer' | 'set_completion'>;
    buyerId: string;
    sellerId: string;
    price: number;
    orderNo?: string | null;
    posting: { kind: string; ref: string };
    listingId: string | null;
    source: { kind: SaleSource; id: string };
  },
): NewSale => ({
  id: t.id,
  way: t.way,
  kind: item.kind,
  buyerId: t.buyerId,
  sellerId: t.sellerId,
  item,
  price: t.price,
  fee: marketFee(t.price).fee,
  orderNo: t.orderNo ?? null,
  posting: t.posting,
  listingId: t.listingId,
  source: t.source,
  units: [{ itemId: item.itemId!, serial: item.serial, editionSize: item.editionSize }],
  costRule: 'paid',
});

/** The seller's side of a sale: price in, fee out, fee to the platform, from `source`. */
export const saleLines = (
  source: { id: string; type: 'escrow' | 'orders_clearing'; userId: string | null },
  sellerId: string,
  price: number,
  what: string,
) => {
  const { fee } = marketFee(price);
  return [
    {
      account: source,
      amount: -price,
      kind: source.type === 'escrow' ? ('bid_escrow' as const) : ('internal' as const),
      description: `求購成交：${what}`,
    },
    { account: accounts.balance(sellerId), amount: price, kind: 'sale' as const, description: `出售所得：${what}` },
    { account: accounts.balance(sellerId), amount: -fee, kind: 'fee' as const, description: `市場手續費：${what}` },
    { account: accounts.fees, amount: fee, kind: 'internal' as const },
  ];
};

/** A paid `bid` or `bids` order's money into its bidder's escrow, from orders clearing. */
export const bidFundingLines = (buyerId: string, amount: number, description: string) => [
  { account: accounts.ordersClearing, amount: -amount, kind: 'internal' as const },
  { account: accounts.escrow(buyerId), amount, kind: 'bid_escrow' as const, description },
];

/** What a buy listing's escrow holds: its price for each copy not yet filled. */
export const escrowHeld = (l: Pick<ListingRow, 'price' | 'quantity' | 'filled'>) => l.price * (l.quantity - l.filled);

/** Buy listing cancelled, expired or taken down: what its escrow still holds back to the bidder's balance. */
export async function refundBid(
  svc: Pick<MarketServices, 'wallet'>,
  tx: Tx,
  listing: ListingRow,
  why = '求購退款',
): Promise<void> {
  await svc.wallet.post(tx, 'bid_refund', listing.id, [
    { account: accounts.escrow(listing.userId), amount: -escrowHeld(listing), kind: 'bid_escrow' },
    {
      account: accounts.balance(listing.userId),
      amount: escrowHeld(listing),
      kind: 'bid_refund',
      description: `${why}：${listing.itemName}`,
    },
  ]);
}
