import type { BaseRecord, CrudFilter, DataProvider } from '@refinedev/core';
import { call, type Query } from '../lib/api';

/** Refine filters as the contract's query fields: `eq`/`contains` both mean "this field = value". */
export function filtersToQuery(filters: CrudFilter[] | undefined): Query {
  const query: Query = {};
  for (const filter of filters ?? []) {
    if (!('field' in filter)) continue;
    const { value } = filter;
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    query[filter.field] = Array.isArray(value) ? value.join(',') : (value as string | number | boolean);
  }
  return query;
}

/**
 * Refine's data provider for the back-office API (admin contract): lists are GET `/api/admin/<resource>`
 * with `page`/`pageSize` and the total in `X-Total-Count`; detail GET `<resource>/detail?id`; writes are
 * POST `<resource>/create|update|delete` with the id in the body.
 */
export const dataProvider: DataProvider = {
  getApiUrl: () => '/api/admin',

  async getList({ resource, pagination, filters, meta }) {
    const paged = pagination?.mode !== 'off';
    const query: Query = { ...filtersToQuery(filters), ...(meta?.query as Query | undefined) };
    if (paged) {
      query.page = pagination?.currentPage ?? 1;
      query.pageSize = pagination?.pageSize ?? 20;
    }
    const answer = await call<BaseRecord[]>('GET', (meta?.path as string | undefined) ?? resource, { query });
    const total = Number(answer.headers.get('X-Total-Count') ?? answer.data.length);
    return { data: answer.data as never[], total: Number.isFinite(total) ? total : answer.data.length };
  },

  async getOne({ resource, id, meta }) {
    const answer = await call<BaseRecord>('GET', `${resource}/detail`, {
      query: { id: String(id), ...(meta?.query as Query | undefined) },
    });
    return { data: answer.data as never };
  },

  async create({ resource, variables }) {
    const answer = await call<BaseRecord>('POST', `${resource}/create`, { body: variables });
    return { data: answer.data as never };
  },

  async update({ resource, id, variables }) {
    const answer = await call<BaseRecord>('POST', `${resource}/update`, {
      body: { ...(variables as object), id: String(id) },
    });
    return { data: answer.data as never };
  },

  async deleteOne({ resource, id }) {
    const answer = await call<BaseRecord>('POST', `${resource}/delete`, { body: { id: String(id) } });
    return { data: (answer.data ?? { id }) as never };
  },

  /** Actions (`shipments/ship`, `users/disable`…) and reads outside a resource (`dashboard`). */
  async custom({ url, method, payload, query }) {
    const verb = method.toUpperCase() === 'GET' ? 'GET' : 'POST';
    const answer = await call<BaseRecord>(verb, url, { query: query as Query | undefined, body: payload });
    return { data: answer.data as never };
  },
};
