import { and, asc, eq, inArray, not, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { createSupplyRepository } from './catalogue-supply.repository';
import { cardInfos, products, themes } from '../../db/schema/catalogue';
import type { Rarity } from '../../../shared/constants';
import type { SaleState } from '../../../shared/schemas/catalogue';

/** An instant: a date, or the placeholder of a prepared statement that is given one as an ISO string. */
type Instant = Date | Placeholder;
const at = (now: Instant) => sql`${now instanceof Date ? now.toISOString() : now}::timestamptz`;

const cardLeft = sql<number>`(${cardInfos.editionSize} - ${cardInfos.minted} - ${cardInfos.reserved})::int`;
const productLeft = sql<number>`(${products.stock} - ${products.sold} - ${products.reserved})::int`;

/** The sale state of a card info at `now`, computed by the database so lists can filter and sort on it. */
function cardState(now: Instant): SQL<SaleState> {
  return sql<SaleState>`(CASE
    WHEN ${cardInfos.priceCents} IS NULL OR ${cardInfos.isBCard} THEN 'not_for_sale'
    WHEN ${cardInfos.saleEndsAt} IS NOT NULL AND ${cardInfos.saleEndsAt} <= ${at(now)} THEN 'ended'
    WHEN ${cardInfos.editionSize} - ${cardInfos.minted} - ${cardInfos.reserved} <= 0 THEN 'sold_out'
    WHEN ${cardInfos.saleStartsAt} IS NOT NULL AND ${cardInfos.saleStartsAt} > ${at(now)} THEN 'upcoming'
    ELSE 'on_sale' END)`;
}

function productState(now: Instant): SQL<SaleState> {
  return sql<SaleState>`(CASE
    WHEN ${products.saleEndsAt} IS NOT NULL AND ${products.saleEndsAt} <= ${at(now)} THEN 'ended'
    WHEN ${products.stock} - ${products.sold} - ${products.reserved} <= 0 THEN 'sold_out'
    WHEN ${products.saleStartsAt} IS NOT NULL AND ${products.saleStartsAt} > ${at(now)} THEN 'upcoming'
    ELSE 'on_sale' END)`;
}

/** Buyable first, then upcoming (soonest first), then sold out, ended, not for sale. */
const statePriority = (state: SQL<SaleState>) =>
  sql`(CASE ${state} WHEN 'on_sale' THEN 0 WHEN 'upcoming' THEN 1 WHEN 'sold_out' THEN 2 WHEN 'ended' THEN 3 ELSE 4 END)`;

/** What every mall item answers, card infos and products alike: what it is and how it sells. */
function mallItemColumns<T extends typeof cardInfos | typeof products>(
  t: T,
  left: SQL<number>,
  saleState: SQL<SaleState>,
) {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    priceCents: t.priceCents,
    left,
    perUserLimit: t.perUserLimit,
    hot: t.hot,
    saleStartsAt: t.saleStartsAt,
    saleEndsAt: t.saleEndsAt,
    rights: t.rights,
    saleState,
  };
}

function cardColumns(now: Instant) {
  return {
    ...mallItemColumns(cardInfos, cardLeft, cardState(now)),
    image: cardInfos.image,
    rarity: cardInfos.rarity,
    themeId: themes.id,
    themeName: themes.name,
    editionSize: cardInfos.editionSize,
    minted: cardInfos.minted,
    isBCard: cardInfos.isBCard,
  };
}

const productColumns = (now: Instant) => ({
  ...mallItemColumns(products, productLeft, productState(now)),
  type: products.type,
  images: products.images,
  stock: products.stock,
  sold: products.sold,
});

export interface CardInfoFilter {
  limit: number;
  offset: number;
  themeId?: string;
  rarity?: Rarity;
  /** Only what the mall sells: priced, not a B card, sale not ended. */
  mallOnly?: boolean;
  states?: SaleState[];
}

/** One mall item by id (unlocked): a pay order's availability read, built once (db/prepared.ts). */
const cardInfoQuery = preparedOnce((db) =>
  db
    .select(cardColumns(sql.placeholder('now')))
    .from(cardInfos)
    .innerJoin(themes, eq(themes.id, cardInfos.themeId))
    .where(eq(cardInfos.id, sql.placeholder('id')))
    .limit(1)
    .prepare('catalogue_card_info_by_id'),
);
const productQuery = preparedOnce((db) =>
  db
    .select(productColumns(sql.placeholder('now')))
    .from(products)
    .where(eq(products.id, sql.placeholder('id')))
    .limit(1)
    .prepare('catalogue_product_by_id'),
);

export { supplyCheck, type SupplyKind } from './catalogue-supply.repository';

export function createCatalogueRepository() {
  return {
    ...createSupplyRepository(),

    /** The next sale window opening or closing after `now`, of any card info or product; null when none is planned. */
    async nextSaleChange(db: Executor, now: Date): Promise<Date | null> {
      const t = at(now);
      const rows = await db.execute<{ next: string | Date | null }>(sql`select least(
        (select min(${cardInfos.saleStartsAt}) from ${cardInfos} where ${cardInfos.saleStartsAt} > ${t}),
        (select min(${cardInfos.saleEndsAt}) from ${cardInfos} where ${cardInfos.saleEndsAt} > ${t}),
        (select min(${products.saleStartsAt}) from ${products} where ${products.saleStartsAt} > ${t}),
        (select min(${products.saleEndsAt}) from ${products} where ${products.saleEndsAt} > ${t})
      ) as next`);
      const next = (rows as unknown as { rows: { next: string | Date | null }[] }).rows[0]?.next ?? null;
      return next === null ? null : new Date(next);
    },

    async listCardInfos(db: Executor, now: Date, f: CardInfoFilter) {
      const state = cardState(now);
      return db
        .select(cardColumns(now))
        .from(cardInfos)
        .innerJoin(themes, eq(themes.id, cardInfos.themeId))
        .where(
          and(
            f.themeId ? eq(cardInfos.themeId, f.themeId) : undefined,
            f.rarity ? eq(cardInfos.rarity, f.rarity) : undefined,
            f.mallOnly ? sql`${state} IN ('on_sale', 'upcoming', 'sold_out')` : undefined,
            f.states?.length ? inArray(state, f.states) : undefined,
          ),
        )
        .orderBy(
          statePriority(state),
          sql`CASE WHEN ${state} = 'upcoming' THEN ${cardInfos.saleStartsAt} END ASC NULLS LAST`,
          asc(themes.sort),
          asc(cardInfos.sort),
          asc(cardInfos.id),
        )
        .limit(f.limit)
        .offset(f.offset);
    },

    /** One card info with its sale state; `lock` takes the row lock for the caller's transaction. */
    async cardInfo(db: Executor, id: string, now: Date, opts: { lock?: boolean } = {}) {
      if (!opts.lock) return (await cardInfoQuery(db).execute({ id, now: now.toISOString() }))[0] ?? null;
      const rows = await db
        .select(cardColumns(now))
        .from(cardInfos)
        .innerJoin(themes, eq(themes.id, cardInfos.themeId))
        .where(eq(cardInfos.id, id))
        .limit(1)
        .for('update', { of: cardInfos });
      return rows[0] ?? null;
    },

    /** Products of one type the mall shows (sale not ended). */
    async listProducts(db: Executor, now: Date, f: { type: number; limit: number; offset: number }) {
      const state = productState(now);
      return db
        .select(productColumns(now))
        .from(products)
        .where(and(eq(products.type, f.type), sql`${state} <> 'ended'`))
        .orderBy(
          statePriority(state),
          sql`CASE WHEN ${state} = 'upcoming' THEN ${products.saleStartsAt} END ASC NULLS LAST`,
          asc(products.sort),
          asc(products.id),
        )
        .limit(f.limit)
        .offset(f.offset);
    },

    async product(db: Executor, id: string, now: Date, opts: { lock?: boolean } = {}) {
      if (!opts.lock) return (await productQuery(db).execute({ id, now: now.toISOString() }))[0] ?? null;
      const rows = await db
        .select(productColumns(now))
        .from(products)
        .where(eq(products.id, id))
        .limit(1)
        .for('update');
      return rows[0] ?? null;
    },

    /** One theme and its B card info. */
    /** The rights of every card info that grants a priority window (decision 029): few rows, an upcoming item's early start. */
    async priorityRights(db: Executor) {
      const rows = await db
        .select({ rights: cardInfos.rights })
        .from(cardInfos)
        .where(sql`jsonb_path_exists(${cardInfos.rights}, '$[*] ? (@.effect.kind == "priority")')`);
      return rows.flatMap((r) => r.rights);
    },

    async theme(db: Executor, id: string) {
      const rows = await db
        .select({ id: themes.id, name: themes.name, bCardInfoId: themes.bCardInfoId })
        .from(themes)
        .where(eq(themes.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Themes' names by id, in no particular order. */
    async themeNamesById(db: Executor, ids: string[]) {
      if (ids.length === 0) return [];
      return db.select({ id: themes.id, name: themes.name }).from(themes).where(inArray(themes.id, ids));
    },

    /** Products by id with what goods lists show of them, in no particular order. */
    async productsById(db: Executor, ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: products.id,
          type: products.type,
          name: products.name,
          description: products.description,
          images: products.images,
        })
        .from(products)
        .where(inArray(products.id, ids));
    },

    /** The ids of every product of one type (0 其他, 1 實物). */
    async productIdsOfType(db: Executor, type: number) {
      const rows = await db.select({ id: products.id }).from(products).where(eq(products.type, type));
      return rows.map((r) => r.id);
    },

    /** The card infos that make up a theme's set (its B card excluded), in display order. */
    async setCardInfos(db: Executor, themeId: string) {
      return db
        .select({ id: cardInfos.id, name: cardInfos.name })
        .from(cardInfos)
        .where(and(eq(cardInfos.themeId, themeId), not(cardInfos.isBCard)))
        .orderBy(asc(cardInfos.sort), asc(cardInfos.id));
    },

    /** The set's card infos that still have free editions: what a theme code can mint. */
    async mintableCardInfos(db: Executor, themeId: string) {
      return db
        .select({ id: cardInfos.id, rarity: cardInfos.rarity })
        .from(cardInfos)
        .where(
          and(
            eq(cardInfos.themeId, themeId),
            not(cardInfos.isBCard),
            sql`${cardInfos.minted} + ${cardInfos.reserved} < ${cardInfos.editionSize}`,
          ),
        )
        .orderBy(asc(cardInfos.id));
    },

    /** Card infos by id with their edition counts, in no particular order. */
    async cardInfosById(db: Executor, ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: cardInfos.id,
          name: cardInfos.name,
          image: cardInfos.image,
          rarity: cardInfos.rarity,
          isBCard: cardInfos.isBCard,
          editionSize: cardInfos.editionSize,
          minted: cardInfos.minted,
          reserved: cardInfos.reserved,
          priceCents: cardInfos.priceCents,
        })
        .from(cardInfos)
        .where(inArray(cardInfos.id, ids));
    },
  };
}
export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
export type CardInfoRow = NonNullable<Awaited<ReturnType<CatalogueRepository['cardInfo']>>>;
export type ProductRow = NonNullable<Awaited<ReturnType<CatalogueRepository['product']>>>;
