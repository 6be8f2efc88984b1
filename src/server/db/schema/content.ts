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
});

export const articles = pgTable('articles', {
  id: text().primaryKey(),
  title: text().notNull(),
  cover: text().notNull(),
  category: text({ enum: ['公告', '資訊', '攻略'] }).notNull(),
  summary: text().notNull(),
  body: text().notNull(),
  publishedAt: timestamp({ withTimezone: true }).notNull(),
});

export const privacyPolicies = pgTable('privacy_policies', {
  id: text().primaryKey(),
  version: text().notNull().unique(),
  title: text().notNull(),
  body: text().notNull(),
  publishedAt: timestamp({ withTimezone: true }).notNull(),
});
