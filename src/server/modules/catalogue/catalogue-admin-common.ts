import type { Executor, Tx } from '../../db/client';
import type { SearchService } from '../search/search.service';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../errors';
import { referencingTable } from '../../db-errors';
import type { Operator } from '../auth/auth.service';
import type { AuditEntry, AuditService } from '../audit/audit.service';
import type { MarketService } from '../market/market.service';
import type { CatalogueService } from './catalogue.service';

type SaleItem = Parameters<CatalogueService['saleChanged']>[0];
import type { CatalogueAdminRepository } from './catalogue-admin.repository';

export const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const date = (s: string | null | undefined) => (s === undefined ? undefined : s === null ? null : new Date(s));

/** The sale window as the tables keep it (dates), from the operator's input (ISO strings). */
export function saleDates<T extends { saleStartsAt?: string | null; saleEndsAt?: string | null }>(p: T) {
  return { ...p, saleStartsAt: date(p.saleStartsAt), saleEndsAt: date(p.saleEndsAt) };
}

/** Without undefined values: only the fields an update sends change. */
export function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export type Page = { page: number; pageSize: number };

/** A page of rows as the back office shows them. */
export async function shown<R, T>(page: Promise<{ rows: R[]; total: number }>, to: (r: R) => T) {
  const { rows, total } = await page;
  return { rows: rows.map(to), total };
}

/** One row as the back office shows it, or a 404 saying what is missing. */
export async function shownOne<R, T>(row: Promise<R | null>, to: (r: R) => T, missing: string): Promise<T> {
  const found = await row;
  if (!found) throw notFound(missing);
  return to(found);
}

/** What each referencing table means to an operator, for refused deletions. */
const HELD_BY: Record<string, string> = {
  cards: '已發行的卡牌',
  exchange_codes: '兌換碼',
  code_batches: '兌換碼批次',
  pay_orders: '訂單紀錄',
  goods: '用戶持有的物品',
  theme_exchanges: '集卡兌換紀錄',
  card_infos: '卡牌',
};

/** Runs a DELETE; a foreign key that refuses it becomes a 409 naming what still refers to the row. */
export async function deleteOr409(run: () => Promise<void>, what: string) {
  try {
    await run();
  } catch (err) {
    const table = referencingTable(err, Object.keys(HELD_BY));
    if (table === null) throw err;
    throw conflict(`此${what}已有${HELD_BY[table] ?? '相關紀錄'}，不能刪除`, 'referenced');
  }
}

/** What the back office's catalogue parts share: the database, the services they call and the repository. */
export interface CatalogueAdminContext {
  deps: Pick<Deps, 'db' | 'clock' | 'publicCache'>;
  svc: {
    audit: AuditService;
    market: Pick<MarketService, 'hasListingsFor'>;
    catalogue: Pick<CatalogueService, 'saleChanged'>;
    search: Pick<SearchService, 'index'>;
  };
  repo: CatalogueAdminRepository;
  /**
   * Every write here changes public answers and is audited: called inside the write's transaction, it records the
   * operator's change there (`action` is `<target type>.<verb>`), and the cache drops the public answers now and
   * again on commit.
   */
  changed: (
    tx: Executor,
    op: Operator,
    action: AuditEntry['action'],
    id: string,
    change: Pick<AuditEntry, 'before' | 'after'>,
  ) => Promise<void>;
  /** Runs a write of an item's supply or sale window in one transaction; once committed, every instance's sold-out flag of it is cleared. */
  saleWrite: <T>(item: SaleItem, write: (tx: Tx) => Promise<T>) => Promise<T>;
}
