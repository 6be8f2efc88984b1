import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { userRef } from './item-columns';

const ts = () => timestamp({ withTimezone: true });

/**
 * One use of a perk by a pay order (decision 029). `useKey` names the limit it counts against and is unique, so a
 * perk cannot be used twice in its period whatever the concurrency: `<card info>/<right>/<period>/holder:<user>/<n>`
 * for a per-holder limit, `<card info>/<right>/<period>/card:<card>/<n>` for a per-card one (`n` = 1..uses; period
 * `2026-11` in Hong Kong time, or `all`). Written in the order's creating transaction, deleted in the transaction
 * that cancels or expires the order (the use is given back); a paid order keeps it.
 */
export const perkUses = pgTable(
  'perk_uses',
  {
    id: text().primaryKey(),
    useKey: text().notNull(),
    orderNo: text().notNull(),
    buyerId: userRef(),
    /** The card whose right granted it (held by the buyer when the order was made). */
    cardId: text().notNull(),
    cardInfoId: text().notNull(),
    savingCents: integer().notNull(),
    createdAt: ts().notNull(),
  },
  (t) => [uniqueIndex().on(t.useKey), index().on(t.orderNo)],
);
