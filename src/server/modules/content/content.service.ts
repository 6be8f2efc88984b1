import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import { createContentRepository, type ContentRepository } from './content.repository';
import { paging } from '../../db/queries';

/** The public-cache tag of banners, articles and the privacy policy. */
export const CONTENT_TAG = 'content';

export function createContentService(deps: Deps, repo: ContentRepository = createContentRepository()) {
  // Banners start and end, articles and policies appear, by the clock alone.
  deps.publicCache.define(CONTENT_TAG, { nextChange: (now) => repo.nextChange(deps.db, now) });
  return {
    /** Banners inside their active window, in display order. */
    banners: () => repo.activeBanners(deps.db, deps.clock.now()),

    /** Published articles, newest first. */
    async articles(q: { page: number; pageSize: number; category?: '公告' | '資訊' | '攻略' }) {
      const rows = await repo.publishedArticles(deps.db, deps.clock.now(), {
        ...paging(q),
        category: q.category,
      });
      return rows.map((r) => ({ ...r, publishedAt: r.publishedAt.toISOString() }));
    },

    async article(id: string) {
      const row = await repo.article(deps.db, id, deps.clock.now());
      if (!row) throw notFound('找不到這篇文章');
      return { ...row, publishedAt: row.publishedAt.toISOString() };
    },

    /** The privacy policy in force. */
    async privacy() {
      const row = await repo.currentPrivacy(deps.db, deps.clock.now());
      if (!row) throw notFound('私隱政策尚未發佈');
      return { ...row, publishedAt: row.publishedAt.toISOString() };
    },
  };
}
