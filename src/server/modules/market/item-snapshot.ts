import { BUY_LISTING_TTL_MS, SELL_LISTING_TTL_MS } from '../../../shared/constants';
import type { ListingSide } from '../../../shared/market-labels';
import type { CatalogueSnapshot, ItemSnapshot } from './market.read-model';
import type { ListingRow } from './market.repository';

/** The item fields a listing and a market order carry (db/schema/item-columns.ts `itemSnapshot`). */
export type SnapshotFields = Pick<
  ListingRow,
  | 'kind'
  | 'cardInfoId'
  | 'productId'
  | 'itemId'
  | 'itemName'
  | 'itemImage'
  | 'rarity'
  | 'themeId'
  | 'serial'
  | 'editionSize'
>;

/**
 * The one place an item snapshot is made (decision 011): from a row that carries one (a listing, copied into its
 * market order or a view), from a unit the market read (a sell listing, the fill of a buy listing), or from a card
 * info / product (a buy listing, no unit yet).
 */
export function itemSnapshot(from: SnapshotFields | ItemSnapshot | CatalogueSnapshot): SnapshotFields {
  if ('itemName' in from) {
    return {
      kind: from.kind,
      cardInfoId: from.cardInfoId,
      productId: from.productId,
      itemId: from.itemId,
      itemName: from.itemName,
      itemImage: from.itemImage,
      rarity: from.rarity,
      themeId: from.themeId,
      serial: from.serial,
      editionSize: from.editionSize,
    };
  }
  const unit = 'ownerId' in from;
  return {
    kind: from.kind,
    cardInfoId: unit ? from.cardInfoId : from.kind === 'card' ? from.id : null,
    productId: unit ? from.productId : from.kind === 'goods' ? from.id : null,
    itemId: unit ? from.id : null,
    itemName: from.name,
    itemImage: from.image,
    rarity: from.rarity,
    themeId: from.themeId,
    serial: unit ? from.serial : null,
    editionSize: from.editionSize,
  };
}

/** A new listing's row of `item`'s snapshot: a sell listing runs 30 days, a buy listing 7 (from its funding). */
export function newListing<T extends Parameters<typeof itemSnapshot>[0] & { productType: ListingRow['productType'] }>(
  id: string,
  sellType: ListingSide,
  item: T,
  userId: string,
  price: number,
  now: Date,
) {
  const ttl = sellType === 'sell' ? SELL_LISTING_TTL_MS : BUY_LISTING_TTL_MS;
  const snapshot = { ...itemSnapshot(item), productType: item.productType };
  return {
    id,
    sellType,
    ...snapshot,
    userId,
    price,
    expiresAt: new Date(now.getTime() + ttl),
    createdAt: now,
    updatedAt: now,
  };
}
