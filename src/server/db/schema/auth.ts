import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = () => timestamp({ withTimezone: true });

export const users = pgTable('users', {
  id: text().primaryKey(),
  phone: text().notNull().unique(),
  nickname: text().notNull(),
  avatar: text(),
  bio: text().notNull().default(''),
  roles: text().array().notNull().default(['user']),
  status: text({ enum: ['active', 'disabled'] })
    .notNull()
    .default('active'),
  /** Set by an operator with the status; shown in the back office. */
  disabledReason: text(),
  disabledAt: ts(),
  createdAt: ts().notNull().defaultNow(),
  updatedAt: ts().notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id),
    tokenHash: text().notNull(),
    userAgent: text(),
    createdAt: ts().notNull(),
    lastUsedAt: ts().notNull(),
    expiresAt: ts().notNull(),
    revokedAt: ts(),
  },
  (t) => [uniqueIndex().on(t.tokenHash), index().on(t.userId)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: text().primaryKey(),
    phone: text().notNull(),
    purpose: text().notNull(),
    codeHash: text().notNull(),
    ip: text().notNull(),
    attempts: integer().notNull().default(0),
    createdAt: ts().notNull(),
    expiresAt: ts().notNull(),
    consumedAt: ts(),
    revokedAt: ts(),
  },
  (t) => [index().on(t.phone, t.createdAt), index().on(t.ip, t.createdAt)],
);

/** Single-use one-tap login links sent inside the login SMS. */
export const loginTokens = pgTable(
  'login_tokens',
  {
    id: text().primaryKey(),
    tokenHash: text().notNull(),
    phone: text().notNull(),
    smsCodeId: text().references(() => smsCodes.id),
    createdAt: ts().notNull(),
    expiresAt: ts().notNull(),
    usedAt: ts(),
  },
  (t) => [uniqueIndex().on(t.tokenHash)],
);
