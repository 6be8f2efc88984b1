import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth';
import { cardInfos, themes } from './catalogue';

const ts = () => timestamp({ withTimezone: true });

/** A print run of exchange codes; every code of it grants the same card info or theme. */
export const codeBatches = pgTable(
  'code_batches',
  {
    id: text().primaryKey(),
    cardInfoId: text().references(() => cardInfos.id),
    themeId: text().references(() => themes.id),
    count: integer().notNull(),
    note: text().notNull().default(''),
    status: text({ enum: ['active', 'voided'] })
      .notNull()
      .default('active'),
    createdAt: ts().notNull(),
    voidedAt: ts(),
    createdBy: text().references(() => users.id),
    /**
     * The clear codes of a batch generated in the back office, encrypted (key id beside it) until the
     * operator downloads the CSV once; then both are cleared and `csvDownloadedAt` set.
     */
    csvCipher: text(),
    csvKeyId: text(),
    csvDownloadedAt: ts(),
  },
  (t) => [check('code_batches_one_target', sql`(${t.cardInfoId} IS NULL) <> (${t.themeId} IS NULL)`)],
);

/** One exchange code, kept only as a keyed hash (HMAC-SHA-256 with the exchange-code key derived from APP_SECRET) of its canonical form. */
export const exchangeCodes = pgTable(
  'exchange_codes',
  {
    id: text().primaryKey(),
    batchId: text()
      .notNull()
      .references(() => codeBatches.id),
    codeHash: text().notNull(),
    /** The target: a card info (its next serial) or a theme (a random card of it). */
    cardInfoId: text().references(() => cardInfos.id),
    themeId: text().references(() => themes.id),
    status: text({ enum: ['unused', 'used', 'voided'] })
      .notNull()
      .default('unused'),
    usedBy: text().references(() => users.id),
    usedAt: ts(),
    createdAt: ts().notNull(),
  },
  (t) => [
    uniqueIndex().on(t.codeHash),
    index().on(t.batchId, t.status),
    check('exchange_codes_one_target', sql`(${t.cardInfoId} IS NULL) <> (${t.themeId} IS NULL)`),
  ],
);

/**
 * Failed redemptions, one row each, keyed by `user:<id>` or `ip:<address>`: the 10-an-hour limit
 * is counted here so it holds across instances.
 */
export const exchangeCodeFailures = pgTable(
  'exchange_code_failures',
  {
    id: text().primaryKey(),
    subject: text().notNull(),
    createdAt: ts().notNull(),
  },
  (t) => [index().on(t.subject, t.createdAt)],
);
