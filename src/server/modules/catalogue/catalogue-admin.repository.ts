import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { columnsOf, contains, page } from '../../db/queries';
import { cardInfos, products, themes } from '../../db/schema/catalogue';

const themeColumns = {
  ...columnsOf(themes, 'id', 'name', 'nameEn', 'description', 'cover', 'bCardInfoId', 'sort', 'createdAt'),
  // Spelled out: inside a subquery Drizzle would leave the outer column unqualified.
  cardInfoCount: sql<number>`(select count(*) from card_infos ci where ci.theme_id = "themes"."id")::int`.mapWith(
    Number,
  ),
};

const cardInfoColumns = {
  id: cardInfos.id,
  themeId: cardInfos.themeId,
  themeName: themes.name,
  ...columnsOf(
    cardInfos,
    'name',
    'nameEn',
    'description',
    'image',
    'rarity',
    'editionSize',
    'minted',
    'reserved',
    'priceCents',
    'saleStartsAt',
    'saleEndsAt',
    'perUserLimit',
    'hot',
    'rights',
    'isBCard',
    'sort',
    'createdAt',
  ),
};

const productColumns = columnsOf(
  products,
  'id',
  'type',
  'name',
  'nameEn',
  'description',
  'images',
  'priceCents',
  'stock',
  'sold',
  'reserved',
  'perUserLimit',
  'hot',
  'saleStartsAt',
  'saleEndsAt',
  'rights',
  'sort',
  'createdAt',
);

/** A sale window that has not ended at `now`. */
const notEnded = (endsAt: AnyPgColumn, now: Date) => sql`(${endsAt} IS NULL OR ${endsAt} > ${at(now)})`;
const ended = (endsAt: AnyPgColumn, now: Date) => sql`${endsAt} <= ${at(now)}`;
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * A catalogue table's row writes by id: insert, update of the given fields (none: nothing), delete. The callers' rows
 * are typed by the table; Drizzle types `values`/`set` of a union of tables as none of them, hence `never` inside.
 */
function rowWrites<T extends typeof themes | typeof cardInfos | typeof products>(table: T) {
  return {
    async insert(db: Executor, row: T['$inferInsert']) {
      await db.insert(table).values(row as never);
    },
    async update(db: Executor, id: string, set: Partial<T['$inferInsert']>) {
      if (Object.keys(set).length > 0)
        await db
          .update(table)
          .set(set as never)
          .where(eq(table.id, id));
    },
    async delete(db: Executor, id: string) {
      await db.delete(table).where(eq(table.id, id));
    },
  };
}
const themeRows = rowWrites(themes);
const cardInfoRows = rowWrites(cardInfos);
const productRows = rowWrites(products);

/** Operators' reads and writes of the catalogue (themes, card infos, products). */
export function createCatalogueAdminRepository() {
  return {
    async listThemes(db: Executor, f: { q?: string; limit: number; offset: number }) {
      const where = f.q ? or(ilike(themes.name, contains(f.q)), eq(themes.id, f.q)) : undefined;
      return page(
        db.select(themeColumns).from(themes).where(where).orderBy(desc(themes.createdAt), desc(themes.id)),
        db.select({ n: count() }).from(themes).where(where),
        f,
      );
    },

    async theme(db: Executor, id: string, opts: { lock?: boolean } = {}) {
      const q = db.select(themeColumns).from(themes).where(eq(themes.id, id)).limit(1);
      const rows = opts.lock ? await q.for('update') : await q;
      return rows[0] ?? null;
    },

    insertTheme: themeRows.insert,
    updateTheme: themeRows.update,
    deleteTheme: themeRows.delete,

    /** The theme whose B card this card info is, if any. */
    async themeWithBCard(db: Executor, cardInfoId: string) {
      const rows = await db
        .select({ id: themes.id, name: themes.name })
        .from(themes)
        .where(eq(themes.bCardInfoId, cardInfoId))
        .limit(1);
      return rows[0] ?? null;
    },

    async listCardInfos(
      db: Executor,
      now: Date,
      f: { q?: string; themeId?: string; onSale?: boolean; limit: number; offset: number },
    ) {
      const where = and(
        f.q ? or(ilike(cardInfos.name, contains(f.q)), eq(cardInfos.id, f.q)) : undefined,
        f.themeId ? eq(cardInfos.themeId, f.themeId) : undefined,
        f.onSale === undefined
          ? undefined
          : f.onSale
            ? and(isNotNull(cardInfos.priceCents), eq(cardInfos.isBCard, false), notEnded(cardInfos.saleEndsAt, now))
            : or(isNull(cardInfos.priceCents), eq(cardInfos.isBCard, true), ended(cardInfos.saleEndsAt, now)),
      );
      return page(
        db
          .select(cardInfoColumns)
          .from(cardInfos)
          .innerJoin(themes, eq(themes.id, cardInfos.themeId))
          .where(where)
          .orderBy(desc(cardInfos.createdAt), desc(cardInfos.id)),
        db.select({ n: count() }).from(cardInfos).where(where),
        f,
      );
    },

    /** One card info; `lock` holds its row (edition size against concurrent reservations and mints). */
    async cardInfo(db: Executor, id: string, opts: { lock?: boolean } = {}) {
      const q = db
        .select(cardInfoColumns)
        .from(cardInfos)
        .innerJoin(themes, eq(themes.id, cardInfos.themeId))
        .where(eq(cardInfos.id, id))
        .limit(1);
      const rows = opts.lock ? await q.for('update', { of: cardInfos }) : await q;
      return rows[0] ?? null;
    },

    insertCardInfo: cardInfoRows.insert,
    updateCardInfo: cardInfoRows.update,
    deleteCardInfo: cardInfoRows.delete,

    async listProducts(
      db: Executor,
      now: Date,
      f: { q?: string; type?: number; onSale?: boolean; limit: number; offset: number },
    ) {
      const where = and(
        f.q ? or(ilike(products.name, contains(f.q)), eq(products.id, f.q)) : undefined,
        f.type === undefined ? undefined : eq(products.type, f.type),
        f.onSale === undefined
          ? undefined
          : f.onSale
            ? notEnded(products.saleEndsAt, now)
            : ended(products.saleEndsAt, now),
      );
      return page(
        db.select(productColumns).from(products).where(where).orderBy(desc(products.createdAt), desc(products.id)),
        db.select({ n: count() }).from(products).where(where),
        f,
      );
    },

    async product(db: Executor, id: string, opts: { lock?: boolean } = {}) {
      const q = db.select(productColumns).from(products).where(eq(products.id, id)).limit(1);
      const rows = opts.lock ? await q.for('update') : await q;
      return rows[0] ?? null;
    },

    insertProduct: productRows.insert,
    updateProduct: productRows.update,
    deleteProduct: productRows.delete,

    /**
     * Card infos and products with a sale window (a start or an end) overlapping [from, to): priced card infos
     * only (B cards and code-only cards never go on sale). At most 500 of each: a calendar shows weeks, not years.
     */
    async drops(db: Executor, from: Date, to: Date) {
      const overlaps = (starts: AnyPgColumn, ends: AnyPgColumn) =>
        sql`(${starts} IS NOT NULL OR ${ends} IS NOT NULL) AND (${starts} IS NULL OR ${starts} < ${at(to)}) AND (${ends} IS NULL OR ${ends} > ${at(from)})`;
      const cards = await db
        .select({
          ...columnsOf(cardInfos, 'id', 'name', 'image', 'priceCents', 'saleStartsAt', 'saleEndsAt', 'hot'),
          total: cardInfos.editionSize,
          sold: cardInfos.minted,
          reserved: cardInfos.reserved,
        })
        .from(cardInfos)
        .where(
          and(
            isNotNull(cardInfos.priceCents),
            eq(cardInfos.isBCard, false),
            overlaps(cardInfos.saleStartsAt, cardInfos.saleEndsAt),
          ),
        )
        .orderBy(sql`${cardInfos.saleStartsAt} asc nulls first`, cardInfos.id)
        .limit(500);
      const goods = await db
        .select({
          ...columnsOf(products, 'id', 'name', 'images', 'priceCents', 'saleStartsAt', 'saleEndsAt', 'hot'),
          total: products.stock,
          sold: products.sold,
          reserved: products.reserved,
        })
        .from(products)
        .where(overlaps(products.saleStartsAt, products.saleEndsAt))
        .orderBy(sql`${products.saleStartsAt} asc nulls first`, products.id)
        .limit(500);
      return { cards, goods };
    },
  };
}
export type CatalogueAdminRepository = ReturnType<typeof createCatalogueAdminRepository>;
export type AdminThemeRow = NonNullable<Awaited<ReturnType<CatalogueAdminRepository['theme']>>>;
export type AdminCardInfoRow = NonNullable<Awaited<ReturnType<CatalogueAdminRepository['cardInfo']>>>;
export type AdminProductRow = NonNullable<Awaited<ReturnType<CatalogueAdminRepository['product']>>>;
