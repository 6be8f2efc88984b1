import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../client';
import { cardInfos, cards, listings } from '../schema';

/*
 * What the demo market (src/server/demo/market-demo.ts) reads of the seeded rows before it trades through the
 * services: database tooling, below the services, so the seed never reaches up to them (docs/decisions/026-layers.md).
 */

/** Whether the market has any listing yet (the demo market is made once). */
export async function anyListing(db: Executor): Promise<boolean> {
  return (await db.select({ id: listings.id }).from(listings).limit(1)).length > 0;
}

/** The held cards of these owners, by card info and serial. */
export function heldCardsOf(db: Executor, ownerIds: string[]) {
  return db
    .select({ id: cards.id, ownerId: cards.ownerId, cardInfoId: cards.cardInfoId })
    .from(cards)
    .where(and(inArray(cards.ownerId, ownerIds), eq(cards.status, 'held')))
    .orderBy(asc(cards.cardInfoId), asc(cards.serial));
}

/** Every copy of a card info, with its owner and status. */
export function copiesOf(db: Executor, cardInfoId: string) {
  return db
    .select({ id: cards.id, ownerId: cards.ownerId, status: cards.status })
    .from(cards)
    .where(eq(cards.cardInfoId, cardInfoId));
}

/** What the demo prices a card info by (src/server/demo/demo-prices.ts): mall price, rarity, edition and sold share. */
export function priceFactsOf(db: Executor, cardInfoIds: string[]) {
  return db
    .select({
      id: cardInfos.id,
      priceCents: cardInfos.priceCents,
      rarity: cardInfos.rarity,
      editionSize: cardInfos.editionSize,
      minted: cardInfos.minted,
    })
    .from(cardInfos)
    .where(inArray(cardInfos.id, cardInfoIds));
}
