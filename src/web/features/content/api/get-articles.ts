import type { ArticleSummary } from '../../../../shared/schemas/content';
import { get, isFailure } from '../../../lib/request';
import { stores, useList } from '../../../lib/stores';
import { useLoad } from '../../../lib/use-load';

/** GET article/list: published articles, newest first, kept in the article store. */
export async function getArticles(params: { page?: number; pageSize?: number } = {}) {
  const result = await get<ArticleSummary[]>('article/list', params, { loading: false });
  if (!isFailure(result)) stores.article.set('list', result);
  return result;
}

export function useLatestArticles(pageSize = 5) {
  const state = useLoad(() => getArticles({ page: 1, pageSize }), [pageSize]);
  const articles = useList<ArticleSummary, 'list'>(stores.article, 'list');
  return { ...state, articles };
}
