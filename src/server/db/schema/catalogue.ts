import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { PerkEffect } from '../../../shared/schemas/perks';

/** A right a card (or product) carries; `effect` makes it a perk the checkout applies (decision 029). */
export interface Right {
  /** Stable within its card info: the perk's uses are keyed on it (the index in the list when absent). */
  id?: string;
  title: string;
  description: string;
  effect?: PerkEffect | null;
}

export const themes = pgTable('themes', {
  id: text().primaryKey(),
  name: text().notNull(),
  /** English name: search matches it (decision 031). */
  nameEn: text(),
  description: text().notNull().default(''),
  cover: text().notNull(),
  /** The reward card info minted when a user exchanges a complete set. */
  bCardInfoId: text(),
  sort: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const cardInfos = pgTable(
  'card_infos',
  {
    id: text().primaryKey(),
    themeId: text()
      .notNull()
      .references(() => themes.id),
    name: text().notNull(),
    /** English name: search matches it (decision 031). */
    nameEn: text(),
    description: text().notNull().default(''),
    image: text().notNull(),
    rarity: text({ enum: ['N', 'R', 'SR', 'SSR', 'UR'] }).notNull(),
    editionSize: integer().notNull(),
    /** Serials handed out so far; the next card gets `minted + 1`. */
    minted: integer().notNull().default(0),
    /** Editions held by pending pay orders. */
    reserved: integer().notNull().default(0),
    /** Mall price in cents; null for code-only and B cards. */
    priceCents: integer(),
    saleStartsAt: timestamp({ withTimezone: true }),
    saleEndsAt: timestamp({ withTimezone: true }),
    perUserLimit: integer().notNull().default(1),
    /** 熱門: buyers go through the waiting room (decision 044) and pay orders need its admission. */
    hot: boolean().notNull().default(false),
    rights: jsonb().$type<Right[]>().notNull().default([]),
    isBCard: boolean().notNull().default(false),
    sort: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.themeId),
    check(
      'card_infos_supply',
      sql`${t.minted} >= 0 AND ${t.reserved} >= 0 AND ${t.minted} + ${t.reserved} <= ${t.editionSize}`,
    ),
  ],
);

export const products = pgTable(
  'products',
  {
    id: text().primaryKey(),
    /** 1 = physical (實物), 0 = other (其他). */
    type: integer().notNull(),
    name: text().notNull(),
    /** English name: search matches it (decision 031). */
    nameEn: text(),
    description: text().notNull().default(''),
    images: jsonb().$type<string[]>().notNull().default([]),
    priceCents: integer().notNull(),
    stock: integer().notNull(),
    sold: integer().notNull().default(0),
    reserved: integer().notNull().default(0),
    perUserLimit: integer().notNull().default(1),
    saleStartsAt: timestamp({ withTimezone: true }),
    saleEndsAt: timestamp({ withTimezone: true }),
    /** 熱門: buyers go through the waiting room (decision 044) and pay orders need its admission. */
    hot: boolean().notNull().default(false),
    rights: jsonb().$type<Right[]>().notNull().default([]),
    sort: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_supply', sql`${t.sold} >= 0 AND ${t.reserved} >= 0 AND ${t.sold} + ${t.reserved} <= ${t.stock}`),
  ],
);
