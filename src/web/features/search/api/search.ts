import type { SearchResult } from '../../../../shared/schemas/search';
import { get, type QueryParams } from '../../../lib/request';

/** GET search: every section (or the one `type` names) with its total, and the facet counts of the query. */
export const search = (q: QueryParams) => get<SearchResult>('search', q, { loading: false });
