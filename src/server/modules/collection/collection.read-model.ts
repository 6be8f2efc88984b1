/**
 * The collection read model (docs/decisions/007-collection-read-model.md): the joins behind the
 * album, card detail, provenance and rights screens, over tables other modules own. Read-only: it
 * never inserts, updates or deletes (src/server/checks/lint-boundaries.test.ts checks this file).
 */
import { and, asc, desc, eq, inArray, ne, not, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { columnsOf } from '../../db/queries';
import { users } from '../../db/schema/auth';
import { cardEvents, cards } from '../../db/schema/cards';
import { cardInfos, themes } from '../../db/schema/catalogue';
import { themeExchanges } from '../../db/schema/collection';

/** Rarest first, for the `rarity` sort. */
const rarityRank = sql`case ${cardInfos.rarity} when 'UR' then 5 when 'SSR' then 4 when 'SR' then 3 when 'R' then 2 else 1 end`;

/** A numbered card as lists show it. */
const cardFace = {
  id: cards.id,
  cardInfoId: cards.cardInfoId,
  ...columnsOf(cardInfos, 'name', 'image', 'rarity'),
  serial: cards.serial,
  editionSize: cardInfos.editionSize,
};

const cardColumns = {
  ...cardFace,
  themeId: cardInfos.themeId,
  themeName: themes.name,
  isBCard: cardInfos.isBCard,
  ...columnsOf(cards, 'status', 'acquiredVia', 'acquiredAt'),
};

/** Cards the owner still has: held, listed or reserved. */
const owned = (userId: string) => and(eq(cards.ownerId, userId), ne(cards.status, 'consumed'));

/** What a theme's progress shows of the theme. */
const themeColumns = columnsOf(themes, 'id', 'name', 'description', 'cover', 'bCardInfoId');

export function createCollectionReadModel() {
  return {
    /** Themes the user owns cards of and has not exchanged yet. */
    async startedThemes(db: Executor, userId: string, page: { limit: number; offset: number }) {
      return db
        .select(themeColumns)
        .from(themes)
        .where(
          and(
            sql`exists (select 1 from ${cards} join ${cardInfos} on ${cardInfos.id} = ${cards.cardInfoId}
              where ${cards.ownerId} = ${userId} and ${cards.status} <> 'consumed' and ${cardInfos.themeId} = ${themes.id} and not ${cardInfos.isBCard})`,
            sql`not exists (select 1 from ${themeExchanges} where ${themeExchanges.userId} = ${userId} and ${themeExchanges.themeId} = ${themes.id})`,
          ),
        )
        .orderBy(asc(themes.sort), asc(themes.id))
        .limit(page.limit)
        .offset(page.offset);
    },

    /** Themes the user has exchanged, latest first, with the B card received. */
    async exchangedThemes(db: Executor, userId: string, page: { limit: number; offset: number }) {
      return db
        .select({
          ...themeColumns,
          exchangedAt: themeExchanges.createdAt,
          card: cardFace,
        })
        .from(themeExchanges)
        .innerJoin(themes, eq(themes.id, themeExchanges.themeId))
        .innerJoin(cards, eq(cards.id, themeExchanges.bCardId))
        .innerJoin(cardInfos, eq(cardInfos.id, cards.cardInfoId))
        .where(eq(themeExchanges.userId, userId))
        .orderBy(desc(themeExchanges.createdAt), desc(themeExchanges.id))
        .limit(page.limit)
        .offset(page.offset);
    },

    /** The set card infos of these themes with the user's copies: owned, and the lowest held serial. */
    async setProgress(db: Executor, userId: string, themeIds: string[]) {
      if (themeIds.length === 0) return [];
      return db
        .select({
          themeId: cardInfos.themeId,
          cardInfoId: cardInfos.id,
          ...columnsOf(cardInfos, 'name', 'image', 'rarity', 'editionSize'),
          left: sql<number>`${cardInfos.editionSize} - ${cardInfos.minted} - ${cardInfos.reserved}`.mapWith(Number),
          owned: sql<number>`count(${cards.id}) filter (where ${cards.status} <> 'consumed')`.mapWith(Number),
          /** The lowest-serial held copy: the one a set exchange consumes. */
          lowestHeldId: sql<
            string | null
          >`(array_agg(${cards.id} order by ${cards.serial}) filter (where ${cards.status} = 'held'))[1]`,
          lowestHeldSerial: sql<number | null>`min(${cards.serial}) filter (where ${cards.status} = 'held')`.mapWith(
            (v) => (v === null ? null : Number(v)),
          ),
        })
        .from(cardInfos)
        .leftJoin(cards, and(eq(cards.cardInfoId, cardInfos.id), eq(cards.ownerId, userId)))
        .where(and(inArray(cardInfos.themeId, themeIds), not(cardInfos.isBCard)))
        .groupBy(cardInfos.id)
        .orderBy(asc(cardInfos.sort), asc(cardInfos.id));
    },

    /** The user's cards (not consumed), filtered and sorted. */
    async collection(
      db: Executor,
      userId: string,
      q: {
        themeId?: string;
        rarity?: (typeof cardInfos.rarity.enumValues)[number];
        sort: 'newest' | 'rarity' | 'serial';
        limit: number;
        offset: number;
      },
    ) {
      const order: SQL[] =
        q.sort === 'rarity'
          ? [desc(rarityRank), desc(cards.acquiredAt), asc(cards.id)]
          : q.sort === 'serial'
            ? [asc(cards.serial), asc(cardInfos.name), asc(cards.id)]
            : [desc(cards.acquiredAt), desc(cards.id)];
      return db
        .select(cardColumns)
        .from(cards)
        .innerJoin(cardInfos, eq(cardInfos.id, cards.cardInfoId))
        .innerJoin(themes, eq(themes.id, cardInfos.themeId))
        .where(
          and(
            owned(userId),
            q.themeId ? eq(cardInfos.themeId, q.themeId) : undefined,
            q.rarity ? eq(cardInfos.rarity, q.rarity) : undefined,
          ),
        )
        .orderBy(...order)
        .limit(q.limit)
        .offset(q.offset);
    },

    /** One card with its card info, theme and owner's public profile. */
    async card(db: Executor, id: string) {
      const rows = await db
        .select({
          ...cardColumns,
          description: cardInfos.description,
          rights: cardInfos.rights,
          ownerId: cards.ownerId,
          isPublic: cards.isPublic,
          owner: { id: users.id, nickname: users.nickname, avatar: users.avatar },
        })
        .from(cards)
        .innerJoin(cardInfos, eq(cardInfos.id, cards.cardInfoId))
        .innerJoin(themes, eq(themes.id, cardInfos.themeId))
        .innerJoin(users, eq(users.id, cards.ownerId))
        .where(eq(cards.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    /** A card's provenance, oldest first, with both parties' public profiles. */
    async events(db: Executor, cardId: string) {
      const fromUser = alias(users, 'from_user');
      const toUser = alias(users, 'to_user');
      return db
        .select({
          kind: cardEvents.kind,
          via: cardEvents.via,
          at: cardEvents.createdAt,
          ...columnsOf(cardEvents, 'fromUserId', 'toUserId', 'priceCents'),
          fromNickname: fromUser.nickname,
          fromAvatar: fromUser.avatar,
          toNickname: toUser.nickname,
          toAvatar: toUser.avatar,
        })
        .from(cardEvents)
        .leftJoin(fromUser, eq(fromUser.id, cardEvents.fromUserId))
        .leftJoin(toUser, eq(toUser.id, cardEvents.toUserId))
        .where(eq(cardEvents.cardId, cardId))
        .orderBy(
          asc(cardEvents.createdAt),
          sql`case ${cardEvents.kind} when 'minted' then 0 when 'transferred' then 1 else 2 end`,
          asc(cardEvents.id),
        );
    },

    /** The user's cards whose card info grants rights. */
    async cardsWithRights(db: Executor, userId: string) {
      return db
        .select({ ...cardFace, rights: cardInfos.rights })
        .from(cards)
        .innerJoin(cardInfos, eq(cardInfos.id, cards.cardInfoId))
        .where(and(owned(userId), sql`jsonb_array_length(${cardInfos.rights}) > 0`))
        .orderBy(desc(rarityRank), asc(cardInfos.name), asc(cards.serial));
    },
  };
}
export type CollectionReadModel = ReturnType<typeof createCollectionReadModel>;
