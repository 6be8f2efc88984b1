import { and, desc, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { columnsOf } from '../../db/queries';
import { articles, banners, privacyPolicies } from '../../db/schema/content';

const articleSummary = {
  ...columnsOf(articles, 'id', 'title', 'cover', 'category', 'summary'),
  // Drafts (null) never pass the `publishedAt <= now` filters below, so readers always get a time.
  publishedAt: sql<Date>`${articles.publishedAt}`.mapWith(articles.publishedAt),
};

export function createContentRepository() {
  return {
    /** The next instant after `now` a banner starts or ends, or an article or privacy policy is published; null when none. */
    async nextChange(db: Executor, now: Date): Promise<Date | null> {
      const t = sql`${now.toISOString()}::timestamptz`;
      const rows = await db.execute<{ next: string | Date | null }>(sql`select least(
        (select min(${banners.startsAt}) from ${banners} where ${banners.startsAt} > ${t}),
        (select min(${banners.endsAt}) from ${banners} where ${banners.endsAt} > ${t}),
        (select min(${articles.publishedAt}) from ${articles} where ${articles.publishedAt} > ${t}),
        (select min(${privacyPolicies.publishedAt}) from ${privacyPolicies} where ${privacyPolicies.publishedAt} > ${t})
      ) as next`);
      const next = (rows as unknown as { rows: { next: string | Date | null }[] }).rows[0]?.next ?? null;
      return next === null ? null : new Date(next);
    },

    async activeBanners(db: Executor, now: Date) {
      return db
        .select({ id: banners.id, title: banners.title, image: banners.image, link: banners.link })
        .from(banners)
        .where(
          and(
            or(isNull(banners.startsAt), lte(banners.startsAt, now)),
            or(isNull(banners.endsAt), gt(banners.endsAt, now)),
          ),
        )
        .orderBy(asc(banners.sort), asc(banners.id));
    },

    async publishedArticles(
      db: Executor,
      now: Date,
      opts: { limit: number; offset: number; category?: (typeof articles.category.enumValues)[number] },
    ) {
      return db
        .select(articleSummary)
        .from(articles)
        .where(and(lte(articles.publishedAt, now), opts.category ? eq(articles.category, opts.category) : undefined))
        .orderBy(desc(articles.publishedAt), desc(articles.id))
        .limit(opts.limit)
        .offset(opts.offset);
    },

    async article(db: Executor, id: string, now: Date) {
      const rows = await db
        .select({ ...articleSummary, body: articles.body })
        .from(articles)
        .where(and(eq(articles.id, id), lte(articles.publishedAt, now)))
        .limit(1);
      return rows[0] ?? null;
    },

    async currentPrivacy(db: Executor, now: Date) {
      const rows = await db
        .select({
          ...columnsOf(privacyPolicies, 'version', 'title', 'body'),
          publishedAt: sql<Date>`${privacyPolicies.publishedAt}`.mapWith(privacyPolicies.publishedAt),
        })
        .from(privacyPolicies)
        .where(lte(privacyPolicies.publishedAt, now))
        .orderBy(desc(privacyPolicies.publishedAt))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
export type ContentRepository = ReturnType<typeof createContentRepository>;
