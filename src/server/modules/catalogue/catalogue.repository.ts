import { and, asc, eq, gte, inArray, not, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cardInfos, products, themes } from '../../db/schema/catalogue';
import type { Rarity } from '../../../shared/constants';
import type { SaleState } from '../../../shared/schemas/catalogue';

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

const cardLeft = sql<number>`(${cardInfos.editionSize} - ${cardInfos.minted} - ${cardInfos.reserved})::int`;
const productLeft = sql<number>`(${products.stock} - ${products.sold} - ${products.reserved})::int`;

/** The sale state of a card info at `now`, computed by the database so lists can filter and sort on it. */
function cardState(now: Date): SQL<SaleState> {
  return sql<SaleState>`(CASE
    WHEN ${cardInfos.priceCents} IS NULL OR ${cardInfos.isBCard} THEN 'not_for_sale'
    WHEN ${cardInfos.saleEndsAt} IS NOT NULL AND ${cardInfos.saleEndsAt} <= ${at(now)} THEN 'ended'
    WHEN ${cardInfos.editionSize} - ${cardInfos.minted} - ${cardInfos.reserved} <= 0 THEN 'sold_out'
    WHEN ${cardInfos.saleStartsAt} IS NOT NULL AND ${cardInfos.saleStartsAt} > ${at(now)} THEN 'upcoming'
    ELSE 'on_sale' END)`;
}

function productState(now: Date): SQL<SaleState> {
  return sql<SaleState>`(CASE
    WHEN ${products.saleEndsAt} IS NOT NULL AND ${products.saleEndsAt} <= ${at(now)} THEN 'ended'
    WHEN ${products.stock} - ${products.sold} - ${products.reserved} <= 0 THEN 'sold_out'
    WHEN ${products.saleStartsAt} IS NOT NULL AND ${products.saleStartsAt} > ${at(now)} THEN 'upcoming'
    ELSE 'on_sale' END)`;
}

/** Buyable first, then upcoming (soonest first), then sold out, ended, not for sale. */
const statePriority = (state: SQL<SaleState>) =>
  sql`(CASE ${state} WHEN 'on_sale' THEN 0 WHEN 'upcoming' THEN 1 WHEN 'sold_out' THEN 2 WHEN 'ended' THEN 3 ELSE 4 END)`;

function cardColumns(now: Date) {
  return {
    id: cardInfos.id,
    name: cardInfos.name,
    description: cardInfos.description,
    image: cardInfos.image,
    rarity: cardInfos.rarity,
    themeId: themes.id,
    themeName: themes.name,
    editionSize: cardInfos.editionSize,
    minted: cardInfos.minted,
    left: cardLeft,
    priceCents: cardInfos.priceCents,
    perUserLimit: cardInfos.perUserLimit,
    saleStartsAt: cardInfos.saleStartsAt,
    saleEndsAt: cardInfos.saleEndsAt,
    rights: cardInfos.rights,
    isBCard: cardInfos.isBCard,
    saleState: cardState(now),
  };
}

function productColumns(now: Date) {
  return {
    id: products.id,
    type: products.type,
    name: products.name,
    description: products.description,
    images: products.images,
    priceCents: products.priceCents,
    stock: products.stock,
    sold: products.sold,
    left: productLeft,
    perUserLimit: products.perUserLimit,
    saleStartsAt: products.saleStartsAt,
    saleEndsAt: products.saleEndsAt,
    rights: products.rights,
    saleState: productState(now),
  };
}


export interface CardInfoFilter {
  limit: number;
  offset: number;
  themeId?: string;
  rarity?: Rarity;
  /** Only what the mall sells: priced, not a B card, sale not ended. */
  mallOnly?: boolean;
  states?: SaleState[];
}

export function createCatalogueRepository() {
  return {
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
        .orderBy(statePriority(state), sql`CASE WHEN ${state} = 'upcoming' THEN ${cardInfos.saleStartsAt} END ASC NULLS LAST`, asc(themes.sort), asc(cardInfos.sort), asc(cardInfos.id))
        .limit(f.limit)
        .offset(f.offset);
    },

    /** One card info with its sale state; `lock` takes the row lock for the caller's transaction. */
    async cardInfo(db: Executor, id: string, now: Date, opts: { lock?: boolean } = {}) {
      const q = db.select(cardColumns(now)).from(cardInfos).innerJoin(themes, eq(themes.id, cardInfos.themeId)).where(eq(cardInfos.id, id)).limit(1);
      const rows = opts.lock ? await q.for('update', { of: cardInfos }) : await q;
      return rows[0] ?? null;
    },

    /** Products of one type the mall shows (sale not ended). */
    async listProducts(db: Executor, now: Date, f: { type: number; limit: number; offset: number }) {
      const state = productState(now);
      return db
        .select(productColumns(now))
        .from(products)
        .where(and(eq(products.type, f.type), sql`${state} <> 'ended'`))
        .orderBy(statePriority(state), sql`CASE WHEN ${state} = 'upcoming' THEN ${products.saleStartsAt} END ASC NULLS LAST`, asc(products.sort), asc(products.id))
        .limit(f.limit)
        .offset(f.offset);
    },

    async product(db: Executor, id: string, now: Date, opts: { lock?: boolean } = {}) {
      const q = db.select(productColumns(now)).from(products).where(eq(products.id, id)).limit(1);
      const rows = opts.lock ? await q.for('update') : await q;
      return rows[0] ?? null;
    },

    /** One theme and its B card info. */
    async theme(db: Executor, id: string) {
      const rows = await db.select({ id: themes.id, name: themes.name, bCardInfoId: themes.bCardInfoId }).from(themes).where(eq(themes.id, id)).limit(1);
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
        .select({ id: products.id, type: products.type, name: products.name, description: products.description, images: products.images })
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
        .where(and(eq(cardInfos.themeId, themeId), not(cardInfos.isBCard), sql`${cardInfos.minted} + ${cardInfos.reserved} < ${cardInfos.editionSize}`))
        .orderBy(asc(cardInfos.id));
    },

    /** Card infos by id with their edition counts, in no particular order. */
    async cardInfosById(db: Executor, ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: cardInfos.id, name: cardInfos.name, image: cardInfos.image, rarity: cardInfos.rarity, isBCard: cardInfos.isBCard, editionSize: cardInfos.editionSize, minted: cardInfos.minted, reserved: cardInfos.reserved })
        .from(cardInfos)
        .where(inArray(cardInfos.id, ids));
    },

    /**
     * Takes `quantity` serials of a card info: from a pending order's reservation, or from the
     * editions still free. Answers the new minted count (the last serial taken), or null when the
     * editions ran out. The row lock of this UPDATE keeps serials unique and gap-free.
     */
    async takeCardSerials(db: Executor, cardInfoId: string, quantity: number, fromReservation: boolean) {
      const rows = await db
        .update(cardInfos)
        .set(
          fromReservation
            ? { minted: sql`${cardInfos.minted} + ${quantity}`, reserved: sql`${cardInfos.reserved} - ${quantity}` }
            : { minted: sql`${cardInfos.minted} + ${quantity}` },
        )
        .where(
          and(
            eq(cardInfos.id, cardInfoId),
            fromReservation
              ? gte(cardInfos.reserved, quantity)
              : sql`${cardInfos.minted} + ${cardInfos.reserved} + ${quantity} <= ${cardInfos.editionSize}`,
          ),
        )
        .returning({ minted: cardInfos.minted, editionSize: cardInfos.editionSize, name: cardInfos.name, image: cardInfos.image, rarity: cardInfos.rarity });
      return rows[0] ?? null;
    },

    /** Takes `quantity` units of stock (from a reservation or the free stock); null when out. */
    async takeProductStock(db: Executor, productId: string, quantity: number, fromReservation: boolean) {
      const rows = await db
        .update(products)
        .set(
          fromReservation
            ? { sold: sql`${products.sold} + ${quantity}`, reserved: sql`${products.reserved} - ${quantity}` }
            : { sold: sql`${products.sold} + ${quantity}` },
        )
        .where(
          and(
            eq(products.id, productId),
            fromReservation ? gte(products.reserved, quantity) : sql`${products.sold} + ${products.reserved} + ${quantity} <= ${products.stock}`,
          ),
        )
        .returning({ name: products.name, images: products.images, type: products.type });
      return rows[0] ?? null;
    },

    /** Moves `quantity` free editions into `reserved`; false when fewer are left. */
    async reserveCard(db: Executor, id: string, quantity: number) {
      const rows = await db
        .update(cardInfos)
        .set({ reserved: sql`${cardInfos.reserved} + ${quantity}` })
        .where(and(eq(cardInfos.id, id), sql`${cardInfos.minted} + ${cardInfos.reserved} + ${quantity} <= ${cardInfos.editionSize}`))
        .returning({ id: cardInfos.id });
      return rows.length === 1;
    },

    async releaseCard(db: Executor, id: string, quantity: number) {
      const rows = await db
        .update(cardInfos)
        .set({ reserved: sql`${cardInfos.reserved} - ${quantity}` })
        .where(and(eq(cardInfos.id, id), gte(cardInfos.reserved, quantity)))
        .returning({ id: cardInfos.id });
      return rows.length === 1;
    },

    async reserveProduct(db: Executor, id: string, quantity: number) {
      const rows = await db
        .update(products)
        .set({ reserved: sql`${products.reserved} + ${quantity}` })
        .where(and(eq(products.id, id), sql`${products.sold} + ${products.reserved} + ${quantity} <= ${products.stock}`))
        .returning({ id: products.id });
      return rows.length === 1;
    },

    async releaseProduct(db: Executor, id: string, quantity: number) {
      const rows = await db
        .update(products)
        .set({ reserved: sql`${products.reserved} - ${quantity}` })
        .where(and(eq(products.id, id), gte(products.reserved, quantity)))
        .returning({ id: products.id });
      return rows.length === 1;
    },
  };
}
export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
export type CardInfoRow = NonNullable<Awaited<ReturnType<CatalogueRepository['cardInfo']>>>;
export type ProductRow = NonNullable<Awaited<ReturnType<CatalogueRepository['product']>>>;
