import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { userRef } from './item-columns';

const ts = () => timestamp({ withTimezone: true });

/**
 * Every operator action (PRODUCT.md §8), append-only: who, when, what, the target's state before
 * and after, and the request id. Values are redacted before they are written: no full identity
 * number, exchange code or token ever lands here.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text().primaryKey(),
    actorId: userRef(),
    /** A dotted verb such as `card_info.update` or `withdrawal.pay`. */
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text(),
    before: jsonb().$type<Record<string, unknown> | null>(),
    after: jsonb().$type<Record<string, unknown> | null>(),
    requestId: text().notNull(),
    createdAt: ts().notNull(),
  },
  (t) => [
    index().on(t.createdAt),
    index().on(t.actorId, t.createdAt),
    index().on(t.targetType, t.targetId, t.createdAt),
    index().on(t.action, t.createdAt),
  ],
);
