import { marketFee, type Listing, type MarketOrder } from '../../../shared/schemas/market';
import { SELL_TYPE } from '../../../shared/market-labels';
import type { AdminListing } from '../../../shared/schemas/admin-market';
import type { ListingSale } from '../../../shared/schemas/market-desk';
import { formatSerial, formatSerialRange } from '../../../shared/serial';
import { itemSnapshot, type SnapshotFields } from './item-snapshot';
import type { MarketServices } from './market-context';
import type { ListingRow } from './market.repository';
import type { ListingSaleRow, TradeRow } from './market-trades.read-model';

export const serialLabel = (r: { serial: number | null; editionSize: number | null }) =>
  r.serial !== null && r.editionSize !== null ? formatSerial(r.serial, r.editionSize) : null;

/** The item a listing or market order is about, as both answers show it. */
const itemView = (r: SnapshotFields) => ({ ...itemSnapshot(r), serialLabel: serialLabel(r) });

/** An item in one line (ledger descriptions, pay order names): name and serial. */
export const describe = (r: { itemName: string; serial: number | null; editionSize: number | null }) =>
  [r.itemName, serialLabel(r)].filter(Boolean).join(' ');

/** Listings, market orders and operators' listings as the API answers them, with the users' public profiles. */
export function createMarketPresenters(auth: MarketServices['auth']) {
  return {
    async listingViews(rows: ListingRow[], viewerId: string | null): Promise<Listing[]> {
      const users = await auth.profiles(rows.map((r) => r.userId));
      return rows.map((r) => {
        const u = users.get(r.userId);
        const { fee, proceeds } = marketFee(r.price);
        return {
          id: r.id,
          sell_type: SELL_TYPE[r.sellType],
          status: r.status,
          price: r.price,
          quantity: r.quantity,
          filled: r.filled,
          serialMin: r.serialMin,
          serialMax: r.serialMax,
          serialRange: formatSerialRange(r.serialMin, r.serialMax),
          fee,
          proceeds,
          ...itemView(r),
          user: { id: r.userId, nickname: u?.nickname ?? '', avatar: u?.avatar ?? null },
          mine: viewerId === r.userId,
          takedownReason: viewerId === r.userId ? r.takedownReason : null,
          expiresAt: r.expiresAt.toISOString(),
          createdAt: r.createdAt.toISOString(),
        };
      });
    },

    /** Trades (a sale, or a purchase not completed) as their buyer or seller sees them. */
    async orderViews(rows: TradeRow[], viewerId: string): Promise<MarketOrder[]> {
      const users = await auth.profiles(rows.flatMap((r) => [r.buyerId, r.sellerId]));
      return rows.map((r) => {
        const role = r.buyerId === viewerId ? 'buyer' : 'seller';
        const other = role === 'buyer' ? r.sellerId : r.buyerId;
        const u = users.get(other);
        return {
          id: r.id,
          orderNo: r.orderNo,
          listingId: r.listingId,
          // The seed's wire value: a buy listing's when one was filled, a sell listing's for the ways that sell an
          // owner's item.
          sell_type: SELL_TYPE[r.way === 'bid' ? 'buy' : 'sell'],
          way: r.way,
          role,
          status: r.status,
          ...itemView(r),
          price: r.price,
          fee: r.fee,
          proceeds: r.price - r.fee,
          counterparty: { id: other, nickname: u?.nickname ?? '', avatar: u?.avatar ?? null },
          createdAt: r.createdAt.toISOString(),
          completedAt: r.completedAt?.toISOString() ?? null,
        };
      });
    },

    /** The sales of listings by listing, each with its other party: the buyer of a sell listing, the seller into a bid. */
    async listingSaleViews(rows: ListingSaleRow[], owners: ListingRow[]): Promise<Map<string, ListingSale[]>> {
      const ownerOf = new Map(owners.map((l) => [l.id, l.userId]));
      const other = (r: ListingSaleRow) => (ownerOf.get(r.listingId) === r.sellerId ? r.buyerId : r.sellerId);
      const users = await auth.profiles(rows.map(other));
      const out = new Map<string, ListingSale[]>();
      for (const r of rows) {
        const id = other(r);
        const u = users.get(id);
        const list = out.get(r.listingId) ?? [];
        list.push({
          id: r.id,
          way: r.way,
          price: r.price,
          fee: r.fee,
          counterparty: { id, nickname: u?.nickname ?? '', avatar: u?.avatar ?? null },
          at: r.at.toISOString(),
        });
        out.set(r.listingId, list);
      }
      return out;
    },

    async adminViews(rows: ListingRow[], sales: Map<string, ListingSale[]>): Promise<AdminListing[]> {
      const users = await auth.profiles(rows.map((r) => r.userId));
      return rows.map((r) => ({
        id: r.id,
        sellType: SELL_TYPE[r.sellType],
        kind: r.kind,
        status: r.status,
        price: r.price,
        itemId: r.itemId,
        cardInfoId: r.cardInfoId,
        productId: r.productId,
        itemName: r.itemName,
        itemImage: r.itemImage,
        serialLabel: serialLabel(r),
        user: {
          id: r.userId,
          nickname: users.get(r.userId)?.nickname ?? '',
          phoneMasked: users.get(r.userId)?.phoneMasked ?? '',
        },
        reservedOrderNo: r.reservedOrderNo,
        takedownReason: r.takedownReason,
        expiresAt: r.expiresAt.toISOString(),
        createdAt: r.createdAt.toISOString(),
        closedAt: r.closedAt?.toISOString() ?? null,
        sales: sales.get(r.id) ?? [],
      }));
    },
  };
}
export type MarketPresenters = ReturnType<typeof createMarketPresenters>;
