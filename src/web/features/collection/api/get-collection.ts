import type { CollectionCard, CollectionQuery } from '../../../../shared/schemas/collection';
import { get } from '../../../lib/request';

/** GET card/collection: one page of the user's cards, filtered and sorted. */
export const getCollection = (q: CollectionQuery & { page: number; pageSize: number }) =>
  get<CollectionCard[]>(
    'card/collection',
    { page: q.page, pageSize: q.pageSize, themeId: q.themeId, rarity: q.rarity, sort: q.sort },
    { loading: false },
  );
