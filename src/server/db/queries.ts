import { getTableColumns, type Table } from 'drizzle-orm';

/** Columns of `table` under their own names, for a `select` that reads only these. */
export function columnsOf<T extends Table, K extends keyof T['_']['columns'] & string>(
  table: T,
  ...names: K[]
): Pick<T['_']['columns'], K> {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<T['_']['columns'], K>;
}

/** One page of a list: its rows, and the count of every matching row (the first row's `n`). */
export async function page<T>(rows: Promise<T[]>, total: Promise<{ n: number }[]>) {
  const [r, t] = await Promise.all([rows, total]);
  return { rows: r, total: Number(t[0]?.n ?? 0) };
}

/** `%text%` for ILIKE, the caller's wildcards (`%`, `_`, `\`) taken literally. */
export const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The rows of page `page` (from 1) of `pageSize` rows: what `limit` and `offset` ask for. */
export const paging = (q: { page: number; pageSize: number }) => ({
  limit: q.pageSize,
  offset: (q.page - 1) * q.pageSize,
});
