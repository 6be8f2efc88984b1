import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

const ts = () => timestamp({ withTimezone: true });

/** An uploaded image, stored as WebP in a few widths through the storage adapter. */
export const uploads = pgTable(
  'uploads',
  {
    id: text().primaryKey(),
    /** What it was uploaded for: `card_info`, `theme`, `product`, `banner`, `article`, `avatar`… */
    purpose: text().notNull(),
    /** One entry per width: the storage key and the public URL it is served at. */
    variants: jsonb().$type<{ width: number; height: number; key: string; url: string; bytes: number }[]>().notNull(),
    originalName: text().notNull().default(''),
    originalBytes: integer().notNull(),
    createdBy: text().references(() => users.id),
    createdAt: ts().notNull(),
  },
  (t) => [index().on(t.createdBy, t.createdAt)],
);
