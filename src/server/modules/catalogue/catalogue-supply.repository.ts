import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { cardInfos, products } from '../../db/schema/catalogue';

/**
 * The supply counters of what the mall sells, by kind: `taken` (minted serials, sold stock) and
 * `reserved` (held by pending orders) never exceed `total` (edition size, stock); a CHECK holds it too.
 */
const SUPPLY = {
  card: {
    table: cardInfos,
    id: cardInfos.id,
    taken: cardInfos.minted,
    takenKey: 'minted',
    reserved: cardInfos.reserved,
    total: cardInfos.editionSize,
    check: 'card_infos_supply',
  },
  product: {
    table: products,
    id: products.id,
    taken: products.sold,
    takenKey: 'sold',
    reserved: products.reserved,
    total: products.stock,
    check: 'products_supply',
  },
} as const;
/** The CHECK constraint that keeps a supply row's counters within its total (schema/catalogue.ts). */
export const supplyCheck = (kind: SupplyKind) => SUPPLY[kind].check;
export type SupplyKind = keyof typeof SUPPLY;

/**
 * One conditional UPDATE of a supply row: reserve (free → reserved), release (reserved → free),
 * take (free → taken) or take_reserved (reserved → taken). It matches no row when the units are
 * not there, so the check and the change are one statement and concurrent callers cannot oversell.
 */
function moveSupply(
  db: Executor,
  kind: SupplyKind,
  id: string,
  quantity: number,
  move: 'reserve' | 'release' | 'take' | 'take_reserved',
) {
  const s = SUPPLY[kind];
  const fromReserved = move === 'release' || move === 'take_reserved';
  const reservedDelta = move === 'reserve' ? quantity : fromReserved ? -quantity : 0;
  const set: Record<string, SQL> = {};
  if (reservedDelta !== 0) set.reserved = sql`${s.reserved} + ${reservedDelta}`;
  if (move === 'take' || move === 'take_reserved') set[s.takenKey] = sql`${s.taken} + ${quantity}`;
  const enough = fromReserved ? gte(s.reserved, quantity) : sql`${s.taken} + ${s.reserved} + ${quantity} <= ${s.total}`;
  // Both tables share these columns; the cast only widens the table for the one statement.
  return db
    .update(s.table as typeof cardInfos)
    .set(set)
    .where(and(eq(s.id, id), enough));
}

/** Takes units: from a pending order's reservation, or from the free supply. */
const take = (db: Executor, kind: SupplyKind, id: string, quantity: number, fromReservation: boolean) =>
  moveSupply(db, kind, id, quantity, fromReservation ? 'take_reserved' : 'take');

/** A pay order's claim (see `claim`) of each kind, built once. */
const claimQuery = (kind: SupplyKind) =>
  preparedOnce((db) => {
    const s = SUPPLY[kind];
    // Both tables share these columns; the cast only widens the table for the one statement.
    return db
      .update(s.table as typeof cardInfos)
      .set({ reserved: sql`${s.reserved} + ${sql.placeholder('quantity')}` })
      .where(eq(s.id, sql.placeholder('id')))
      .prepare(`catalogue_claim_${kind}`);
  });
const CLAIM = { card: claimQuery('card'), product: claimQuery('product') };

/** The supply of what the mall sells: editions of card infos and stock of products, reserved, taken and given back. */
export function createSupplyRepository() {
  return {
    /**
     * Takes `quantity` serials of a card info: from a pending order's reservation, or from the
     * editions still free. Answers the new minted count (the last serial taken), or null when the
     * editions ran out. The row lock of this UPDATE keeps serials unique and gap-free.
     */
    async takeCardSerials(db: Executor, cardInfoId: string, quantity: number, fromReservation: boolean) {
      const rows = await take(db, 'card', cardInfoId, quantity, fromReservation).returning({
        minted: cardInfos.minted,
        editionSize: cardInfos.editionSize,
        name: cardInfos.name,
        image: cardInfos.image,
        rarity: cardInfos.rarity,
      });
      return rows[0] ?? null;
    },

    /** Takes `quantity` units of stock (from a reservation or the free stock); null when out. */
    async takeProductStock(db: Executor, productId: string, quantity: number, fromReservation: boolean) {
      const rows = await take(db, 'product', productId, quantity, fromReservation).returning({
        name: products.name,
        images: products.images,
        type: products.type,
      });
      return rows[0] ?? null;
    },

    /** Moves `quantity` free editions or stock units into `reserved`; false when fewer are left. */
    async reserve(db: Executor, kind: SupplyKind, id: string, quantity: number) {
      return (await moveSupply(db, kind, id, quantity, 'reserve').returning({ id: SUPPLY[kind].id })).length === 1;
    },

    /**
     * Moves `quantity` units into `reserved` with no condition of its own: the supply CHECK refuses the
     * statement (23514, `supplyCheck(kind)`) when fewer are left, which aborts the transaction. Sent when
     * called (not when awaited), so a commit requested right after it follows it on the wire.
     */
    claim(db: Executor, kind: SupplyKind, id: string, quantity: number): Promise<unknown> {
      return CLAIM[kind](db).execute({ id, quantity });
    },

    /** Puts `quantity` sold units of a product back on sale (an operator's refund, decision 050); false when fewer were sold. */
    async restock(db: Executor, productId: string, quantity: number) {
      const rows = await db
        .update(products)
        .set({ sold: sql`${products.sold} - ${quantity}` })
        .where(and(eq(products.id, productId), gte(products.sold, quantity)))
        .returning({ id: products.id });
      return rows.length === 1;
    },

    /** Gives `quantity` reserved units back; false when fewer were reserved. */
    async release(db: Executor, kind: SupplyKind, id: string, quantity: number) {
      return (await moveSupply(db, kind, id, quantity, 'release').returning({ id: SUPPLY[kind].id })).length === 1;
    },
  };
}
