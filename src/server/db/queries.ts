import { getTableColumns, type Table } from 'drizzle-orm';

/** Columns of `table` under their own names, for a `select` that reads only these. */
export function columnsOf<T extends Table, K extends keyof T['_']['columns'] & string>(
  table: T,
  ...names: K[]
): Pick<T['_']['columns'], K> {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<T['_']['columns'], K>;
}

/** A select that can be cut to one window of its rows. */
interface Windowed<T> {
  limit(n: number): { offset(n: number): PromiseLike<T[]> };
}

/**
 * One page of a list: the `window` (limit, offset) of `rows`, and the count of every matching row (the first row's
 * `n` of `total`).
 */
export async function page<T>(
  rows: Windowed<T>,
  total: PromiseLike<{ n: number }[]>,
  window: { limit: number; offset: number },
) {
  const [r, t] = await Promise.all([rows.limit(window.limit).offset(window.offset), total]);
  return { rows: r, total: Number(t[0]?.n ?? 0) };
}

/** `%text%` for ILIKE, the caller's wildcards (`%`, `_`, `\`) taken literally. */
export const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The rows of page `page` (from 1) of `pageSize` rows: what `limit` and `offset` ask for. */
export const paging = (q: { page: number; pageSize: number }) => ({
  limit: q.pageSize,
  offset: (q.page - 1) * q.pageSize,
});
