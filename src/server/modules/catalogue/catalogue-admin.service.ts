import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { conflict, invalid, notFound } from '../../errors';
import { newId } from '../../adapters/ids';
import { referencingTable } from '../../db-errors';
import {
  saleWindowProblem,
  type AdminCardInfo,
  type AdminDrop,
  type AdminProduct,
  type AdminTheme,
} from '../../../shared/schemas/admin-catalogue';
import type { Rarity } from '../../../shared/constants';
import type { Right } from '../../../shared/schemas/catalogue';
import type { Operator } from '../auth/auth.service';
import type { AuditService } from '../audit/audit.service';
import type { MarketService } from '../market/market.service';
import type { CatalogueService } from './catalogue.service';
import {
  createCatalogueAdminRepository,
  type AdminCardInfoRow,
  type AdminProductRow,
  type AdminThemeRow,
} from './catalogue-admin.repository';
import { CATALOGUE_TAG } from './catalogue.service';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const date = (s: string | null | undefined) => (s === undefined ? undefined : s === null ? null : new Date(s));

const toTheme = (r: AdminThemeRow): AdminTheme => ({ ...r, createdAt: r.createdAt.toISOString() });
const toCardInfo = (r: AdminCardInfoRow): AdminCardInfo => ({
  ...r,
  saleStartsAt: iso(r.saleStartsAt),
  saleEndsAt: iso(r.saleEndsAt),
  createdAt: r.createdAt.toISOString(),
});
const toProduct = (r: AdminProductRow): AdminProduct => ({
  ...r,
  type: r.type === 1 ? 1 : 0,
  saleStartsAt: iso(r.saleStartsAt),
  saleEndsAt: iso(r.saleEndsAt),
  createdAt: r.createdAt.toISOString(),
});

/** Without undefined values: only the fields an update sends change. */
function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
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

export interface ThemeInput {
  name: string;
  description: string;
  cover: string;
  bCardInfoId: string | null;
  sort: number;
}
export interface CardInfoInput {
  themeId: string;
  name: string;
  description: string;
  image: string;
  rarity: Rarity;
  editionSize: number;
  priceCents: number | null;
  saleStartsAt: string | null;
  saleEndsAt: string | null;
  perUserLimit: number;
  rights: Right[];
  isBCard: boolean;
  sort: number;
}
export interface ProductInput {
  type: 0 | 1;
  name: string;
  description: string;
  images: string[];
  priceCents: number;
  stock: number;
  perUserLimit: number;
  saleStartsAt: string | null;
  saleEndsAt: string | null;
  rights: Right[];
  sort: number;
}
type Page = { page: number; pageSize: number };
const paging = (q: Page) => ({ limit: q.pageSize, offset: (q.page - 1) * q.pageSize });

/**
 * The back office's catalogue (PRODUCT.md §8): themes, card infos, products and the drop calendar. Every write
 * is one transaction holding the row it changes and its audit record; edits that would break the supply
 * invariants (edition size below minted + reserved, stock below sold + reserved) are refused with 409.
 *
 * Public data: every create / update / delete here changes what the mall and the catalogue show.
 */
export function createCatalogueAdminService(
  deps: Pick<Deps, 'db' | 'clock' | 'publicCache'>,
  svc: {
    audit: AuditService;
    market: Pick<MarketService, 'hasListingsFor'>;
    catalogue: Pick<CatalogueService, 'saleChanged'>;
  },
) {
  const repo = createCatalogueAdminRepository();
  /** Every write here changes public answers: called inside its transaction, the cache drops them now and again on commit. */
  const publicChanged = () => deps.publicCache.invalidate(CATALOGUE_TAG);

  /** Runs a DELETE; a foreign key that refuses it becomes a 409 naming what still refers to the row. */
  async function deleteOr409(run: () => Promise<void>, what: string) {
    try {
      await run();
    } catch (err) {
      const table = referencingTable(err, Object.keys(HELD_BY));
      if (table === null) throw err;
      throw conflict(`此${what}已有${HELD_BY[table] ?? '相關紀錄'}，不能刪除`, 'referenced');
    }
  }

  /** The B card a theme names must be one of its own card infos, marked B card. */
  async function checkBCard(tx: Executor, themeId: string, bCardInfoId: string | null) {
    if (bCardInfoId === null) return;
    const card = await repo.cardInfo(tx, bCardInfoId);
    if (!card || card.themeId !== themeId || !card.isBCard) throw invalid('「B 卡」須為此卡冊中標記為 B 卡的卡牌');
  }

  function checkCardRules(c: {
    isBCard: boolean;
    priceCents: number | null;
    saleStartsAt: string | null;
    saleEndsAt: string | null;
  }) {
    if (c.isBCard && c.priceCents !== null) throw invalid('B 卡只可集齊卡冊兌換，不在商城發售：請把「售價」留空');
    const window = saleWindowProblem(c);
    if (window) throw invalid(window);
  }

  return {
    /* ---- Themes ---- */

    async listThemes(_op: Operator, q: Page & { q?: string }) {
      const { rows, total } = await repo.listThemes(deps.db, { q: q.q, ...paging(q) });
      return { rows: rows.map(toTheme), total };
    },

    async theme(_op: Operator, id: string): Promise<AdminTheme> {
      const row = await repo.theme(deps.db, id);
      if (!row) throw notFound('找不到此卡冊');
      return toTheme(row);
    },

    /** A new theme has no card infos yet: its B card is named by an update once they exist. */
    async createTheme(op: Operator, input: Omit<ThemeInput, 'bCardInfoId'>): Promise<AdminTheme> {
      const id = newId('thm');
      return deps.db.transaction(async (tx) => {
        await repo.insertTheme(tx, { id, ...input, bCardInfoId: null, createdAt: deps.clock.now() });
        const after = toTheme((await repo.theme(tx, id))!);
        publicChanged();
        await svc.audit.record(tx, op, { action: 'theme.create', targetType: 'theme', targetId: id, after });
        return after;
      });
    },

    async updateTheme(op: Operator, id: string, patch: Partial<ThemeInput>): Promise<AdminTheme> {
      return deps.db.transaction(async (tx) => {
        const row = await repo.theme(tx, id, { lock: true });
        if (!row) throw notFound('找不到此卡冊');
        if (patch.bCardInfoId !== undefined) await checkBCard(tx, id, patch.bCardInfoId);
        await repo.updateTheme(tx, id, defined(patch));
        const after = toTheme((await repo.theme(tx, id))!);
        publicChanged();
        await svc.audit.record(tx, op, {
          action: 'theme.update',
          targetType: 'theme',
          targetId: id,
          before: toTheme(row),
          after,
        });
        return after;
      });
    },

    async deleteTheme(op: Operator, id: string): Promise<AdminTheme> {
      return deps.db.transaction(async (tx) => {
        const row = await repo.theme(tx, id, { lock: true });
        if (!row) throw notFound('找不到此卡冊');
        if (row.cardInfoCount > 0)
          throw conflict(`此卡冊仍有 ${row.cardInfoCount} 張卡牌，請先刪除或移走卡牌`, 'has_card_infos');
        await deleteOr409(() => repo.deleteTheme(tx, id), '卡冊');
        publicChanged();
        await svc.audit.record(tx, op, {
          action: 'theme.delete',
          targetType: 'theme',
          targetId: id,
          before: toTheme(row),
        });
        return toTheme(row);
      });
    },

    /* ---- Card infos ---- */

    async listCardInfos(_op: Operator, q: Page & { q?: string; themeId?: string; onSale?: boolean }) {
      const { rows, total } = await repo.listCardInfos(deps.db, deps.clock.now(), {
        q: q.q,
        themeId: q.themeId,
        onSale: q.onSale,
        ...paging(q),
      });
      return { rows: rows.map(toCardInfo), total };
    },

    async cardInfo(_op: Operator, id: string): Promise<AdminCardInfo> {
      const row = await repo.cardInfo(deps.db, id);
      if (!row) throw notFound('找不到此卡牌');
      return toCardInfo(row);
    },

    async createCardInfo(op: Operator, input: CardInfoInput): Promise<AdminCardInfo> {
      checkCardRules(input);
      const id = newId('ci');
      return deps.db.transaction(async (tx) => {
        if (!(await repo.theme(tx, input.themeId, { lock: true }))) throw invalid('找不到所選的卡冊');
        await repo.insertCardInfo(tx, {
          id,
          ...input,
          saleStartsAt: date(input.saleStartsAt),
          saleEndsAt: date(input.saleEndsAt),
          createdAt: deps.clock.now(),
        });
        const after = toCardInfo((await repo.cardInfo(tx, id))!);
        publicChanged();
        await svc.audit.record(tx, op, { action: 'card_info.create', targetType: 'card_info', targetId: id, after });
        return after;
      });
    },

    async updateCardInfo(op: Operator, id: string, patch: Partial<CardInfoInput>): Promise<AdminCardInfo> {
      const result = await deps.db.transaction(async (tx) => {
        // The row lock makes the edition check below hold against reservations and mints in flight.
        const row = await repo.cardInfo(tx, id, { lock: true });
        if (!row) throw notFound('找不到此卡牌');
        const before = toCardInfo(row);
        const merged = { ...before, ...defined(patch) };
        checkCardRules(merged);
        const held = row.minted + row.reserved;
        if (merged.editionSize < held)
          throw conflict(`「發行量」不能少於已發行及訂單保留的數量（${held}）`, 'edition_below_minted');
        const bOf = await repo.themeWithBCard(tx, id);
        if (bOf && (!merged.isBCard || merged.themeId !== row.themeId))
          throw conflict(`此卡牌是卡冊「${bOf.name}」的 B 卡：請先在卡冊更改 B 卡`, 'is_b_card');
        if (merged.themeId !== row.themeId) {
          if (held > 0) throw conflict('此卡牌已有發行或保留，不能移到另一卡冊', 'moved_with_cards');
          if (!(await repo.theme(tx, merged.themeId))) throw invalid('找不到所選的卡冊');
        }
        await repo.updateCardInfo(
          tx,
          id,
          defined({ ...patch, saleStartsAt: date(patch.saleStartsAt), saleEndsAt: date(patch.saleEndsAt) }),
        );
        const after = toCardInfo((await repo.cardInfo(tx, id))!);
        publicChanged();
        await svc.audit.record(tx, op, {
          action: 'card_info.update',
          targetType: 'card_info',
          targetId: id,
          before,
          after,
        });
        return after;
      });
      // Committed: every instance's sold-out flag of this item is cleared, so buyers see the new supply or window.
      svc.catalogue.saleChanged({ kind: 'card', id });
      return result;
    },

    async deleteCardInfo(op: Operator, id: string): Promise<AdminCardInfo> {
      const result = await deps.db.transaction(async (tx) => {
        const row = await repo.cardInfo(tx, id, { lock: true });
        if (!row) throw notFound('找不到此卡牌');
        if (row.minted > 0)
          throw conflict(`此卡牌已發行 ${row.minted} 張，不能刪除；可把「停售時間」設為現在以停止發售`, 'has_cards');
        if (row.reserved > 0) throw conflict('此卡牌有未完成的訂單，不能刪除', 'has_orders');
        const bOf = await repo.themeWithBCard(tx, id);
        if (bOf) throw conflict(`此卡牌是卡冊「${bOf.name}」的 B 卡：請先在卡冊更改 B 卡`, 'is_b_card');
        if (await svc.market.hasListingsFor(tx, { cardInfoId: id }))
          throw conflict('此卡牌已有市場掛單紀錄，不能刪除', 'has_listings');
        await deleteOr409(() => repo.deleteCardInfo(tx, id), '卡牌');
        publicChanged();
        await svc.audit.record(tx, op, {
          action: 'card_info.delete',
          targetType: 'card_info',
          targetId: id,
          before: toCardInfo(row),
        });
        return toCardInfo(row);
      });
      // Committed: every instance's sold-out flag of this item is cleared, so buyers see the new supply or window.
      svc.catalogue.saleChanged({ kind: 'card', id });
      return result;
    },

    /* ---- Products ---- */

    async listProducts(_op: Operator, q: Page & { q?: string; type?: number; onSale?: boolean }) {
      const { rows, total } = await repo.listProducts(deps.db, deps.clock.now(), {
        q: q.q,
        type: q.type,
        onSale: q.onSale,
        ...paging(q),
      });
      return { rows: rows.map(toProduct), total };
    },

    async product(_op: Operator, id: string): Promise<AdminProduct> {
      const row = await repo.product(deps.db, id);
      if (!row) throw notFound('找不到此商品');
      return toProduct(row);
    },

    async createProduct(op: Operator, input: ProductInput): Promise<AdminProduct> {
      const window = saleWindowProblem(input);
      if (window) throw invalid(window);
      const id = newId('prd');
      return deps.db.transaction(async (tx) => {
        await repo.insertProduct(tx, {
          id,
          ...input,
          saleStartsAt: date(input.saleStartsAt),
          saleEndsAt: date(input.saleEndsAt),
          createdAt: deps.clock.now(),
        });
        const after = toProduct((await repo.product(tx, id))!);
        publicChanged();
        await svc.audit.record(tx, op, { action: 'product.create', targetType: 'product', targetId: id, after });
        return after;
      });
    },

    async updateProduct(op: Operator, id: string, patch: Partial<ProductInput>): Promise<AdminProduct> {
      const result = await deps.db.transaction(async (tx) => {
        const row = await repo.product(tx, id, { lock: true });
        if (!row) throw notFound('找不到此商品');
        const before = toProduct(row);
        const merged = { ...before, ...defined(patch) };
        const window = saleWindowProblem(merged);
        if (window) throw invalid(window);
        const held = row.sold + row.reserved;
        if (merged.stock < held)
          throw conflict(`「庫存」不能少於已售出及訂單保留的數量（${held}）`, 'stock_below_sold');
        await repo.updateProduct(
          tx,
          id,
          defined({ ...patch, saleStartsAt: date(patch.saleStartsAt), saleEndsAt: date(patch.saleEndsAt) }),
        );
        const after = toProduct((await repo.product(tx, id))!);
        publicChanged();
        await svc.audit.record(tx, op, {
          action: 'product.update',
          targetType: 'product',
          targetId: id,
          before,
          after,
        });
        return after;
      });
      // Committed: every instance's sold-out flag of this item is cleared, so buyers see the new supply or window.
      svc.catalogue.saleChanged({ kind: 'product', id });
      return result;
    },

    async deleteProduct(op: Operator, id: string): Promise<AdminProduct> {
      const result = await deps.db.transaction(async (tx) => {
        const row = await repo.product(tx, id, { lock: true });
        if (!row) throw notFound('找不到此商品');
        if (row.sold > 0)
          throw conflict(`此商品已售出 ${row.sold} 件，不能刪除；可把「停售時間」設為現在以停止發售`, 'has_goods');
        if (row.reserved > 0) throw conflict('此商品有未完成的訂單，不能刪除', 'has_orders');
        if (await svc.market.hasListingsFor(tx, { productId: id }))
          throw conflict('此商品已有市場掛單紀錄，不能刪除', 'has_listings');
        await deleteOr409(() => repo.deleteProduct(tx, id), '商品');
        publicChanged();
        await svc.audit.record(tx, op, {
          action: 'product.delete',
          targetType: 'product',
          targetId: id,
          before: toProduct(row),
        });
        return toProduct(row);
      });
      // Committed: every instance's sold-out flag of this item is cleared, so buyers see the new supply or window.
      svc.catalogue.saleChanged({ kind: 'product', id });
      return result;
    },

    /* ---- Drop calendar ---- */

    /** What goes on sale, or is on sale, between `from` and `to`: card infos and products by sale start. */
    async drops(_op: Operator, q: { from: string; to: string }): Promise<AdminDrop[]> {
      const { cards, goods } = await repo.drops(deps.db, new Date(q.from), new Date(q.to));
      const rows: AdminDrop[] = [
        ...cards.map((c) => ({
          kind: 'card' as const,
          ...c,
          saleStartsAt: iso(c.saleStartsAt),
          saleEndsAt: iso(c.saleEndsAt),
        })),
        ...goods.map(({ images, ...p }) => ({
          kind: 'product' as const,
          ...p,
          image: images[0] ?? '',
          saleStartsAt: iso(p.saleStartsAt),
          saleEndsAt: iso(p.saleEndsAt),
        })),
      ];
      return rows.sort(
        (a, b) => (a.saleStartsAt ?? '').localeCompare(b.saleStartsAt ?? '') || a.id.localeCompare(b.id),
      );
    },
  };
}
export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;
