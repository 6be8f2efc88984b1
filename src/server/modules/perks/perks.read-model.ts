/**
 * The perks read model (docs/decisions/029-perks.md): the cards a user holds now, with their card info's rights,
 * over tables the cards and catalogue modules own. Read-only. Holding is owning the card now (held, listed or
 * reserved; not consumed), so a card sold ends its perks for the seller and starts them for the buyer.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cards } from '../../db/schema/cards';
import { cardInfos } from '../../db/schema/catalogue';

/** `userId` holds the card: owns it now, held, listed or reserved (a consumed card is gone). */
const heldBy = (userId: string) => and(eq(cards.ownerId, userId), ne(cards.status, 'consumed'));
/** The card info carries at least one right with an effect. */
const withEffect = sql`jsonb_path_exists(${cardInfos.rights}, '$[*].effect.kind')`;

export function createPerksReadModel() {
  return {
    /** The user's cards whose card info carries at least one right with an effect, oldest serial first. */
    async heldCardsWithPerks(db: Executor, userId: string) {
      return db
        .select({
          cardId: cards.id,
          cardInfoId: cards.cardInfoId,
          cardName: cardInfos.name,
          rights: cardInfos.rights,
        })
        .from(cards)
        .innerJoin(cardInfos, eq(cardInfos.id, cards.cardInfoId))
        .where(and(heldBy(userId), withEffect))
        .orderBy(asc(cards.cardInfoId), asc(cards.serial));
    },
  };
}
export type PerksReadModel = ReturnType<typeof createPerksReadModel>;
