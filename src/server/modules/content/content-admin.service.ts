import type { Deps } from '../../deps';
import { conflict, invalid, notFound } from '../../errors';
import { newId } from '../../adapters/ids';
import {
  windowProblem,
  type AdminArticle,
  type AdminBanner,
  type AdminPrivacy,
} from '../../../shared/schemas/admin-content';
import type { Operator } from '../auth/auth.service';
import type { AuditService } from '../audit/audit.service';
import { createContentAdminRepository, type ContentAdminRepository } from './content-admin.repository';
import { CONTENT_TAG } from './content.service';
import { paging } from '../../db/queries';

type BannerRow = NonNullable<Awaited<ReturnType<ContentAdminRepository['banner']>>>;
type ArticleRow = NonNullable<Awaited<ReturnType<ContentAdminRepository['article']>>>;
type PrivacyRow = NonNullable<Awaited<ReturnType<ContentAdminRepository['privacy']>>>;
type Category = '公告' | '資訊' | '攻略';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const date = (s: string | null | undefined) => (s === undefined ? undefined : s === null ? null : new Date(s));
function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
type Page = { page: number; pageSize: number };

export interface BannerInput {
  title: string;
  image: string;
  link: string;
  sort: number;
  startsAt: string | null;
  endsAt: string | null;
}
export interface ArticleInput {
  title: string;
  cover: string;
  category: Category;
  summary: string;
  body: string;
  publishedAt: string | null;
}
export interface PrivacyInput {
  version: string;
  title: string;
  body: string;
}

/**
 * The back office's content (PRODUCT.md §8): banners, articles with drafts, privacy policy versions. Each write
 * is one transaction with its audit record. Public data: every write here changes what the home page, the
 * article screens or /my/privacy show.
 */
export function createContentAdminService(
  deps: Pick<Deps, 'db' | 'clock' | 'publicCache'>,
  svc: { audit: AuditService },
  repo: ContentAdminRepository = createContentAdminRepository(),
) {
  /** Every write here changes public answers: called inside its transaction, the cache drops them now and again on commit. */
  const publicChanged = () => deps.publicCache.invalidate(CONTENT_TAG);

  const toBanner = (r: BannerRow): AdminBanner => {
    const now = deps.clock.now();
    return {
      ...r,
      startsAt: iso(r.startsAt),
      endsAt: iso(r.endsAt),
      active: (!r.startsAt || r.startsAt <= now) && (!r.endsAt || r.endsAt > now),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  };
  const articleStatus = (publishedAt: Date | null): AdminArticle['status'] =>
    publishedAt === null ? 'draft' : publishedAt > deps.clock.now() ? 'scheduled' : 'published';
  const toArticle = (r: ArticleRow): AdminArticle => ({
    ...r,
    publishedAt: iso(r.publishedAt),
    status: articleStatus(r.publishedAt),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  });
  const toPrivacy = (r: PrivacyRow, currentId: string | null): AdminPrivacy => ({
    ...r,
    publishedAt: iso(r.publishedAt),
    current: r.id === currentId,
    createdAt: r.createdAt.toISOString(),
  });

  return {
    /* ---- Banners ---- */

    async listBanners(_op: Operator, q: Page) {
      const { rows, total } = await repo.listBanners(deps.db, paging(q));
      return { rows: rows.map(toBanner), total };
    },

    async createBanner(op: Operator, input: BannerInput): Promise<AdminBanner> {
      const id = newId('bnr');
      const now = deps.clock.now();
      return deps.db.transaction(async (tx) => {
        await repo.insertBanner(tx, {
          id,
          ...input,
          startsAt: date(input.startsAt),
          endsAt: date(input.endsAt),
          createdAt: now,
          updatedAt: now,
        });
        const after = toBanner((await repo.banner(tx, id))!);
        publicChanged();
        await svc.audit.record(tx, op, { action: 'banner.create', targetType: 'banner', targetId: id, after });
        return after;
      });
    },

    async updateBanner(op: Operator, id: string, patch: Partial<BannerInput>): Promise<AdminBanner> {
      return deps.db.transaction(async (tx) => {
        const row = await repo.banner(tx, id, { lock: true });
        if (!row) throw notFound('找不到此橫額');
        const before = toBanner(row);
        const problem = windowProblem({ ...before, ...defined(patch) });
        if (problem) throw invalid(problem);
        await repo.updateBanner(tx, id, {
          ...defined({ ...patch, startsAt: date(patch.startsAt), endsAt: date(patch.endsAt) }),
          updatedAt: deps.clock.now(),
        });
        const after = toBanner((await repo.banner(tx, id))!);
        publicChanged();
        await svc.audit.record(tx, op, { action: 'banner.update', targetType: 'banner', targetId: id, before, after });
        return after;
      });
    },

    async deleteBanner(op: Operator, id: string): Promise<AdminBanner> {
      return deps.db.transaction(async (tx) => {
        const row = await repo.banner(tx, id, { lock: true });
        if (!row) throw notFound('找不到此橫額');
        await repo.deleteBanner(tx, id);
        publicChanged();
        await svc.audit.record(tx, op, {
          action: 'banner.delete',
          targetType: 'banner',
          targetId: id,
          before: toBanner(row),
        });
        return toBanner(row);
      });
    },

    /* ---- Articles ---- */

    async listArticles(_op: Operator, q: Page & { q?: string; category?: Category }) {
      const { rows, total } = await repo.listArticles(deps.db, { q: q.q, category: q.category, ...paging(q) });
      return {
        rows: rows.map((r) => ({
          ...r,
          publishedAt: iso(r.publishedAt),
          status: articleStatus(r.publishedAt),
          createdAt: r.createdAt.toISOString(),
          updatedAt: r.updatedAt.toISOString(),
        })),
        total,
      };
    },

    async article(_op: Operator, id: string): Promise<AdminArticle> {
      const row = await repo.article(deps.db, id);
      if (!row) throw notFound('找不到這篇文章');
      return toArticle(row);
    },

    async createArticle(op: Operator, input: ArticleInput): Promise<AdminArticle> {
      const id = newId('art');
      const now = deps.clock.now();
      return deps.db.transaction(async (tx) => {
        await repo.insertArticle(tx, {
          id,
          ...input,
          publishedAt: date(input.publishedAt),
          createdAt: now,
          updatedAt: now,
        });
        const after = toArticle((await repo.article(tx, id))!);
        publicChanged();
        await svc.audit.record(tx, op, { action: 'article.create', targetType: 'article', targetId: id, after });
        return after;
      });
    },

    async updateArticle(op: Operator, id: string, patch: Partial<ArticleInput>): Promise<AdminArticle> {
      return deps.db.transaction(async (tx) => {
        const row = await repo.article(tx, id, { lock: true });
        if (!row) throw notFound('找不到這篇文章');
        await repo.updateArticle(tx, id, {
          ...defined({ ...patch, publishedAt: date(patch.publishedAt) }),
          updatedAt: deps.clock.now(),
        });
        const after = toArticle((await repo.article(tx, id))!);
        publicChanged();
        await svc.audit.record(tx, op, {
          action: 'article.update',
          targetType: 'article',
          targetId: id,
          before: toArticle(row),
          after,
        });
        return after;
      });
    },

    async deleteArticle(op: Operator, id: string): Promise<AdminArticle> {
      return deps.db.transaction(async (tx) => {
        const row = await repo.article(tx, id, { lock: true });
        if (!row) throw notFound('找不到這篇文章');
        await repo.deleteArticle(tx, id);
        publicChanged();
        await svc.audit.record(tx, op, {
          action: 'article.delete',
          targetType: 'article',
          targetId: id,
          before: toArticle(row),
        });
        return toArticle(row);
      });
    },

    /* ---- Privacy policy ---- */

    async listPrivacy(_op: Operator, q: Page) {
      const [{ rows, total }, currentId] = await Promise.all([
        repo.listPrivacy(deps.db, paging(q)),
        repo.currentPrivacyId(deps.db, deps.clock.now()),
      ]);
      return { rows: rows.map((r) => toPrivacy(r, currentId)), total };
    },

    /** A new version, as a draft: users keep seeing the current one until it is published. */
    async createPrivacy(op: Operator, input: PrivacyInput): Promise<AdminPrivacy> {
      const id = newId('pp');
      return deps.db.transaction(async (tx) => {
        if (await repo.versionTaken(tx, input.version))
          throw conflict(`版本「${input.version}」已存在`, 'version_taken');
        await repo.insertPrivacy(tx, { id, ...input, publishedAt: null, createdAt: deps.clock.now() });
        const after = toPrivacy((await repo.privacy(tx, id))!, await repo.currentPrivacyId(tx, deps.clock.now()));
        publicChanged();
        await svc.audit.record(tx, op, { action: 'privacy.create', targetType: 'privacy_policy', targetId: id, after });
        return after;
      });
    },

    /** Edits a draft; a published version is the record of what users agreed to, so it never changes. */
    async updatePrivacy(op: Operator, id: string, patch: Partial<PrivacyInput>): Promise<AdminPrivacy> {
      return deps.db.transaction(async (tx) => {
        const row = await repo.privacy(tx, id, { lock: true });
        if (!row) throw notFound('找不到此私隱政策版本');
        if (row.publishedAt) throw conflict('已發佈的版本不能修改，請建立新版本', 'published');
        if (patch.version !== undefined && (await repo.versionTaken(tx, patch.version, id)))
          throw conflict(`版本「${patch.version}」已存在`, 'version_taken');
        await repo.updateDraftPrivacy(tx, id, defined(patch));
        const currentId = await repo.currentPrivacyId(tx, deps.clock.now());
        const after = toPrivacy((await repo.privacy(tx, id))!, currentId);
        publicChanged();
        await svc.audit.record(tx, op, {
          action: 'privacy.update',
          targetType: 'privacy_policy',
          targetId: id,
          before: toPrivacy(row, currentId),
          after,
        });
        return after;
      });
    },

    /** Publishes a draft now: it becomes the current version. */
    async publishPrivacy(op: Operator, id: string): Promise<AdminPrivacy> {
      return deps.db.transaction(async (tx) => {
        const row = await repo.privacy(tx, id, { lock: true });
        if (!row) throw notFound('找不到此私隱政策版本');
        if (row.publishedAt) throw conflict('此版本已發佈', 'published');
        const now = deps.clock.now();
        const before = toPrivacy(row, await repo.currentPrivacyId(tx, now));
        await repo.updateDraftPrivacy(tx, id, { publishedAt: now });
        const after = toPrivacy((await repo.privacy(tx, id))!, await repo.currentPrivacyId(tx, now));
        publicChanged();
        await svc.audit.record(tx, op, {
          action: 'privacy.publish',
          targetType: 'privacy_policy',
          targetId: id,
          before,
          after,
        });
        return after;
      });
    },
  };
}
export type ContentAdminService = ReturnType<typeof createContentAdminService>;
