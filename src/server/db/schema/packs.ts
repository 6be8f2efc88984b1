import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PackGuarantee } from '../../../shared/schemas/packs';
import { cardInfos } from './catalogue';
import { userRef } from './item-columns';

/** A minted card of a drawn pack, as pack/open shows it. */
export interface PackCard {
  id: string;
  name: string;
  image: string;
  rarity: string;
  serial: number;
  editionSize: number;
}

const ts = () => timestamp({ withTimezone: true });

/**
 * A mystery-pack series (decision 043): packs of `cardsPerPack` cards drawn from its pool. `packsReserved` are held by
 * pending pay orders, `packsSold` were paid (and drawn); a CHECK keeps them within `packsTotal`. `packsDrawn` is the
 * last nonce handed out. The server seed is stored sealed (vault, key id `seedKeyId`) and copied in clear to
 * `revealedSeed` when it is revealed.
 */
export const packSeries = pgTable(
  'pack_series',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    description: text().notNull().default(''),
    cover: text().notNull(),
    priceCents: integer().notNull(),
    cardsPerPack: integer().notNull(),
    perUserLimit: integer().notNull(),
    saleStartsAt: ts(),
    saleEndsAt: ts(),
    hot: boolean().notNull().default(false),
    guarantee: jsonb().$type<PackGuarantee>(),
    seedKeyId: text().notNull(),
    seedCipher: text().notNull(),
    commitment: text().notNull(),
    revealedSeed: text(),
    revealedAt: ts(),
    closedAt: ts(),
    unitsTotal: integer().notNull(),
    packsTotal: integer().notNull(),
    packsSold: integer().notNull().default(0),
    packsReserved: integer().notNull().default(0),
    packsDrawn: integer().notNull().default(0),
    createdAt: ts().notNull(),
    updatedAt: ts().notNull(),
  },
  (t) => [
    check(
      'pack_series_supply',
      sql`${t.packsSold} >= 0 AND ${t.packsReserved} >= 0 AND ${t.packsSold} + ${t.packsReserved} <= ${t.packsTotal}`,
    ),
  ],
);

/** The pool of a series, in its fixed order (`position`): the draw lists remaining units in this order. */
export const packPool = pgTable(
  'pack_pool',
  {
    seriesId: text()
      .notNull()
      .references(() => packSeries.id),
    position: integer().notNull(),
    cardInfoId: text()
      .notNull()
      .references(() => cardInfos.id),
    count: integer().notNull(),
    remaining: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.position] }),
    uniqueIndex().on(t.seriesId, t.cardInfoId),
    check('pack_pool_remaining', sql`${t.remaining} >= 0 AND ${t.remaining} <= ${t.count}`),
  ],
);

/** A pack pay order's own facts: its series and the buyer's client seed; `openedAt` once the buyer opened it. */
export const packOrders = pgTable(
  'pack_orders',
  {
    orderNo: text().primaryKey(),
    seriesId: text()
      .notNull()
      .references(() => packSeries.id),
    buyerId: userRef(),
    clientSeed: text().notNull(),
    quantity: integer().notNull(),
    /** `pending` while its pay order is; `paid` once drawn; `released` when the order expired or was cancelled. */
    status: text({ enum: ['pending', 'paid', 'released'] }).notNull(),
    openedAt: ts(),
    createdAt: ts().notNull(),
  },
  (t) => [index().on(t.seriesId, t.buyerId)],
);

/** One drawn pack (published by pack/draws without `buyerId`). `hit`: it held a card of the guarantee's rarity. */
export const packDraws = pgTable(
  'pack_draws',
  {
    seriesId: text()
      .notNull()
      .references(() => packSeries.id),
    nonce: integer().notNull(),
    orderNo: text().notNull(),
    buyerId: userRef(),
    buyerTag: text().notNull(),
    guaranteed: boolean().notNull(),
    hit: boolean().notNull(),
    cardInfoIds: jsonb().$type<string[]>().notNull(),
    /** The minted cards, in draw order (what pack/open answers). */
    cards: jsonb().$type<PackCard[]>().notNull(),
    drawnAt: ts().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.nonce] }),
    index().on(t.orderNo),
    index().on(t.seriesId, t.buyerId, t.nonce),
  ],
);
