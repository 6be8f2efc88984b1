import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const banners = pgTable('banners', {
  id: text().primaryKey(),
  title: text().notNull(),
  image: text().notNull(),
  /** An in-app path such as `/mall/detail?id=…` or an absolute URL. */
  link: text().notNull().default(''),
  sort: integer().notNull().default(0),
  startsAt: timestamp({ withTimezone: true }),
  endsAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const articles = pgTable('articles', {
  id: text().primaryKey(),
  title: text().notNull(),
  cover: text().notNull(),
  category: text({ enum: ['公告', '資訊', '攻略'] }).notNull(),
  summary: text().notNull(),
  body: text().notNull(),
  /** Null while a draft; a future time schedules it. */
  publishedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const privacyPolicies = pgTable('privacy_policies', {
  id: text().primaryKey(),
  version: text().notNull().unique(),
  title: text().notNull(),
  body: text().notNull(),
  /** Null while a draft; the latest published version is the current one. */
  publishedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
