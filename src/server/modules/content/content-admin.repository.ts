import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contains, page } from '../../db/queries';
import { articles, banners, privacyPolicies } from '../../db/schema/content';

type Category = (typeof articles.category.enumValues)[number];

const bannerColumns = {
  id: banners.id,
  title: banners.title,
  image: banners.image,
  link: banners.link,
  sort: banners.sort,
  startsAt: banners.startsAt,
  endsAt: banners.endsAt,
  createdAt: banners.createdAt,
  updatedAt: banners.updatedAt,
};
const articleSummaryColumns = {
  id: articles.id,
  title: articles.title,
  cover: articles.cover,
  category: articles.category,
  summary: articles.summary,
  publishedAt: articles.publishedAt,
  createdAt: articles.createdAt,
  updatedAt: articles.updatedAt,
};
const privacyColumns = {
  id: privacyPolicies.id,
  version: privacyPolicies.version,
  title: privacyPolicies.title,
  body: privacyPolicies.body,
  publishedAt: privacyPolicies.publishedAt,
  createdAt: privacyPolicies.createdAt,
};

/** Operators' reads and writes of banners, articles (drafts included) and privacy policy versions. */
export function createContentAdminRepository() {
  return {
    listBanners: (db: Executor, f: { limit: number; offset: number }) =>
      page(
        db.select(bannerColumns).from(banners).orderBy(desc(banners.createdAt), desc(banners.id)),
        db.select({ n: count() }).from(banners),
        f,
      ),

    async banner(db: Executor, id: string, opts: { lock?: boolean } = {}) {
      const q = db.select(bannerColumns).from(banners).where(eq(banners.id, id)).limit(1);
      return (opts.lock ? await q.for('update') : await q)[0] ?? null;
    },
    insertBanner: async (db: Executor, row: typeof banners.$inferInsert) => void (await db.insert(banners).values(row)),
    updateBanner: async (db: Executor, id: string, set: Partial<typeof banners.$inferInsert>) =>
      void (await db.update(banners).set(set).where(eq(banners.id, id))),
    deleteBanner: async (db: Executor, id: string) => void (await db.delete(banners).where(eq(banners.id, id))),

    listArticles(db: Executor, f: { q?: string; category?: Category; limit: number; offset: number }) {
      const where = and(
        f.q ? or(ilike(articles.title, contains(f.q)), eq(articles.id, f.q)) : undefined,
        f.category ? eq(articles.category, f.category) : undefined,
      );
      return page(
        // Drafts first (no publication time), then newest published first.
        db
          .select(articleSummaryColumns)
          .from(articles)
          .where(where)
          .orderBy(sql`${articles.publishedAt} desc nulls first`, desc(articles.createdAt), desc(articles.id)),
        db.select({ n: count() }).from(articles).where(where),
        f,
      );
    },
    async article(db: Executor, id: string, opts: { lock?: boolean } = {}) {
      const q = db
        .select({ ...articleSummaryColumns, body: articles.body })
        .from(articles)
        .where(eq(articles.id, id))
        .limit(1);
      return (opts.lock ? await q.for('update') : await q)[0] ?? null;
    },
    insertArticle: async (db: Executor, row: typeof articles.$inferInsert) =>
      void (await db.insert(articles).values(row)),
    updateArticle: async (db: Executor, id: string, set: Partial<typeof articles.$inferInsert>) =>
      void (await db.update(articles).set(set).where(eq(articles.id, id))),
    deleteArticle: async (db: Executor, id: string) => void (await db.delete(articles).where(eq(articles.id, id))),

    listPrivacy: (db: Executor, f: { limit: number; offset: number }) =>
      page(
        db
          .select(privacyColumns)
          .from(privacyPolicies)
          .orderBy(
            sql`${privacyPolicies.publishedAt} desc nulls first`,
            desc(privacyPolicies.createdAt),
            desc(privacyPolicies.id),
          ),
        db.select({ n: count() }).from(privacyPolicies),
        f,
      ),
    async privacy(db: Executor, id: string, opts: { lock?: boolean } = {}) {
      const q = db.select(privacyColumns).from(privacyPolicies).where(eq(privacyPolicies.id, id)).limit(1);
      return (opts.lock ? await q.for('update') : await q)[0] ?? null;
    },
    /** The id of the version in force at `now`: the latest published no later than now. */
    async currentPrivacyId(db: Executor, now: Date) {
      const rows = await db
        .select({ id: privacyPolicies.id })
        .from(privacyPolicies)
        .where(sql`${privacyPolicies.publishedAt} <= ${now.toISOString()}::timestamptz`)
        .orderBy(desc(privacyPolicies.publishedAt))
        .limit(1);
      return rows[0]?.id ?? null;
    },
    async versionTaken(db: Executor, version: string, exceptId?: string) {
      const rows = await db
        .select({ id: privacyPolicies.id })
        .from(privacyPolicies)
        .where(eq(privacyPolicies.version, version))
        .limit(1);
      return rows.length > 0 && rows[0]!.id !== exceptId;
    },
    insertPrivacy: async (db: Executor, row: typeof privacyPolicies.$inferInsert) =>
      void (await db.insert(privacyPolicies).values(row)),
    /** Changes a draft only; false when it was published meanwhile. */
    async updateDraftPrivacy(db: Executor, id: string, set: Partial<typeof privacyPolicies.$inferInsert>) {
      const rows = await db
        .update(privacyPolicies)
        .set(set)
        .where(and(eq(privacyPolicies.id, id), isNull(privacyPolicies.publishedAt)))
        .returning({ id: privacyPolicies.id });
      return rows.length === 1;
    },
  };
}
export type ContentAdminRepository = ReturnType<typeof createContentAdminRepository>;
