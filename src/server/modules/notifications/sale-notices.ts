import { marketFee } from '../../../shared/schemas/market';
import type { MarketSale } from '../../acquisition';
import type { Tx } from '../../db/client';
import type { NotificationData } from './notification-kinds';
import type { Notifier } from './notifications.service';

/** The kinds that tell both sides of a market sale, each reader's `side` (the seller's with the proceeds). */
type SaleKind = 'bidFilled' | 'offerAccepted';

/**
 * Tells both sides of a market `sale` of `kind`, inside the sale's `tx`: its buyer, then its seller with what the price
 * leaves after the market fee.
 */
export async function notifySale<K extends SaleKind>(
  notifier: Notifier,
  tx: Tx,
  kind: K,
  sale: Pick<MarketSale<string>, 'fromUserId' | 'toUserId' | 'priceCents'>,
  facts: Omit<NotificationData[K], 'side' | 'priceCents' | 'proceedsCents'>,
): Promise<void> {
  // The type checker cannot follow `NotificationData[K]` through a spread; `facts` is checked against it above.
  const data = (d: object) => d as NotificationData[K];
  const told = { ...facts, priceCents: sale.priceCents };
  await notifier.notify(tx, sale.toUserId, kind, data({ ...told, side: 'buyer' }));
  const proceedsCents = marketFee(sale.priceCents).proceeds;
  await notifier.notify(tx, sale.fromUserId, kind, data({ ...told, side: 'seller', proceedsCents }));
}
