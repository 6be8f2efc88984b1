import type { Article } from '../../../../shared/schemas/content';
import { get } from '../../../lib/request';
import { useLoad } from '../../../lib/use-load';

/** GET article/detail?id=: one published article. */
export const getArticle = (id: string) => get<Article>('article/detail', { id }, { loading: false });

export function useArticle(id: string) {
  return useLoad(() => getArticle(id), [id]);
}
