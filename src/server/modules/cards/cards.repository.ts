import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cardEvents, cards, type ItemVia } from '../../db/schema/cards';

export function createCardsRepository() {
  return {
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

    /** Moves a card from one status to another (of this owner, when given); false when it was not in `from`. */
    async setStatus(db: Executor, id: string, from: CardStatus, to: CardStatus, ownerId?: string): Promise<boolean> {
      const rows = await db
        .update(cards)
        .set({ status: to })
        .where(and(eq(cards.id, id), eq(cards.status, from), ownerId ? eq(cards.ownerId, ownerId) : undefined))
        .returning({ id: cards.id });
      return rows.length > 0;
    },

    /** Hands a card in `fromStatus` from one owner to another, held by the new owner; false when it was not. */
    async transfer(
      db: Executor,
      input: { id: string; fromUserId: string; toUserId: string; fromStatus: CardStatus; via: ItemVia; at: Date },
    ): Promise<boolean> {
      const rows = await db
        .update(cards)
        .set({ ownerId: input.toUserId, status: 'held', acquiredVia: input.via, acquiredAt: input.at, isPublic: false })
        .where(and(eq(cards.id, input.id), eq(cards.ownerId, input.fromUserId), eq(cards.status, input.fromStatus)))
        .returning({ id: cards.id });
      return rows.length > 0;
    },

    /** Shows or hides an owner's card (not consumed) at /card?id=; false when it is not theirs. */
    async setPublic(db: Executor, id: string, ownerId: string, isPublic: boolean): Promise<boolean> {
      const rows = await db
        .update(cards)
        .set({ isPublic })
        .where(and(eq(cards.id, id), eq(cards.ownerId, ownerId), ne(cards.status, 'consumed')))
        .returning({ id: cards.id });
      return rows.length > 0;
    },

    /** The card infos the owner holds a copy of (held, listed or reserved: not consumed). */
    async ownedCardInfoIds(db: Executor, ownerId: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ cardInfoId: cards.cardInfoId })
        .from(cards)
        .where(and(eq(cards.ownerId, ownerId), ne(cards.status, 'consumed')));
      return rows.map((r) => r.cardInfoId);
    },

    /** Owner, status and how it reached them, of each of these cards (the back office's refunds, decision 050). */
    async statesOf(db: Executor, ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: cards.id, ownerId: cards.ownerId, status: cards.status, acquiredVia: cards.acquiredVia })
        .from(cards)
        .where(inArray(cards.id, ids));
    },

    /**
     * Marks cards consumed, but only those still held by `ownerId` (and reached them `onlyVia`, when given): answers
     * the ids it changed, so a card listed or moved meanwhile is noticed by the caller.
     */
    async markConsumed(db: Executor, ownerId: string, cardIds: string[], onlyVia?: ItemVia[]) {
      if (cardIds.length === 0) return [];
      const rows = await db
        .update(cards)
        .set({ status: 'consumed' })
        .where(
          and(
            inArray(cards.id, cardIds),
            eq(cards.ownerId, ownerId),
            eq(cards.status, 'held'),
            onlyVia ? inArray(cards.acquiredVia, onlyVia) : undefined,
          ),
        )
        .returning({ id: cards.id });
      return rows.map((r) => r.id);
    },
  };
}
export type CardsRepository = ReturnType<typeof createCardsRepository>;
export type CardStatus = (typeof cards.$inferSelect)['status'];
export type { ItemVia };
