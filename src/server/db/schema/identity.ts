import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { userRef } from './item-columns';

const ts = () => timestamp({ withTimezone: true });

/**
 * Real-name verification (PRODUCT.md §3): one identity per account (`user_id` unique) and one
 * account per identity (`number_hash`, a keyed hash of type + normalised number, unique). Name and
 * number are encrypted (AES-256-GCM); `key_id` names the key so old values stay readable after a rotation.
 */
export const identities = pgTable(
  'identities',
  {
    id: text().primaryKey(),
    userId: userRef(),
    idType: text({ enum: ['hkid', 'prc_id', 'passport'] }).notNull(),
    nameCipher: text().notNull(),
    numberCipher: text().notNull(),
    keyId: text().notNull(),
    numberHash: text().notNull(),
    /** Kept apart from the ciphertexts so answers never need to decrypt. */
    nameMasked: text().notNull(),
    numberMasked: text().notNull(),
    status: text({ enum: ['verified', 'revoked'] })
      .notNull()
      .default('verified'),
    verifiedAt: ts().notNull(),
    /** An operator's revocation (the user may verify again). */
    revokedAt: ts(),
    revokedReason: text(),
    createdAt: ts().notNull(),
  },
  (t) => [uniqueIndex().on(t.userId), uniqueIndex().on(t.numberHash)],
);

/** Where a user's market proceeds are paid out; the account number is encrypted. */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    userId: text()
      .primaryKey()
      .references(() => users.id),
    method: text({ enum: ['fps', 'bank', 'payme'] }).notNull(),
    accountName: text().notNull(),
    accountNoCipher: text().notNull(),
    keyId: text().notNull(),
    accountNoMasked: text().notNull(),
    /**
     * A keyed hash of the normalised account number (the vault's `hash`): two users paid into one account are
     * found without decrypting (a sale between them is left out of the market price, decision 032). Null on
     * rows saved before it existed, until their owner saves the account again.
     */
    accountNoHash: text(),
    updatedAt: ts().notNull(),
  },
  (t) => [index().on(t.method), index().on(t.accountNoHash)],
);
