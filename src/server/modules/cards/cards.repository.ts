import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cardEvents, cardInfos, cards, type ItemVia } from '../../db/schema';

export function createCardsRepository() {
  return {
    /**
     * Takes `quantity` serials of a card info: from a pending order's reservation, or from the
     * editions still free. Answers the last serial taken, or null when the editions ran out.
     * The row lock of this UPDATE keeps serials unique and gap-free.
     */
    async takeSerials(db: Executor, cardInfoId: string, quantity: number, fromReservation: boolean) {
      const rows = await db
        .update(cardInfos)
        .set(
          fromReservation
            ? { minted: sql`${cardInfos.minted} + ${quantity}`, reserved: sql`${cardInfos.reserved} - ${quantity}` }
            : { minted: sql`${cardInfos.minted} + ${quantity}` },
        )
        .where(
          and(
            eq(cardInfos.id, cardInfoId),
            fromReservation
              ? gte(cardInfos.reserved, quantity)
              : sql`${cardInfos.minted} + ${cardInfos.reserved} + ${quantity} <= ${cardInfos.editionSize}`,
          ),
        )
        .returning({ minted: cardInfos.minted, editionSize: cardInfos.editionSize, name: cardInfos.name, image: cardInfos.image, rarity: cardInfos.rarity });
      return rows[0] ?? null;
    },

    async insertCards(db: Executor, rows: (typeof cards.$inferInsert)[]) {
      if (rows.length > 0) await db.insert(cards).values(rows);
    },

    async insertEvents(db: Executor, rows: (typeof cardEvents.$inferInsert)[]) {
      if (rows.length > 0) await db.insert(cardEvents).values(rows);
    },

    /** The owner's held (not listed, not reserved) cards of these card infos, lowest serial first. */
    async heldCards(db: Executor, ownerId: string, cardInfoIds: string[]) {
      if (cardInfoIds.length === 0) return [];
      return db
        .select({ id: cards.id, cardInfoId: cards.cardInfoId, serial: cards.serial })
        .from(cards)
        .where(and(eq(cards.ownerId, ownerId), eq(cards.status, 'held'), inArray(cards.cardInfoId, cardInfoIds)))
        .orderBy(asc(cards.cardInfoId), asc(cards.serial));
    },

    /**
     * Marks cards consumed, but only those still held by `ownerId`: answers the ids it changed, so a
     * card listed or moved meanwhile is noticed by the caller.
     */
    async markConsumed(db: Executor, ownerId: string, cardIds: string[]) {
      if (cardIds.length === 0) return [];
      const rows = await db
        .update(cards)
        .set({ status: 'consumed' })
        .where(and(inArray(cards.id, cardIds), eq(cards.ownerId, ownerId), eq(cards.status, 'held')))
        .returning({ id: cards.id });
      return rows.map((r) => r.id);
    },
  };
}
export type CardsRepository = ReturnType<typeof createCardsRepository>;
export type { ItemVia };
