import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { addresses } from '../../db/schema/addresses';

const columns = {
  id: addresses.id,
  recipient: addresses.recipient,
  phone: addresses.phone,
  region: addresses.region,
  district: addresses.district,
  detail: addresses.detail,
  isDefault: addresses.isDefault,
  createdAt: addresses.createdAt,
  updatedAt: addresses.updatedAt,
};
export type AddressRow = NonNullable<Awaited<ReturnType<AddressesRepository['find']>>>;

/** Advisory-lock namespace of address books: one lock per user serialises every change to a book. */
const LOCK_ADDRESS_BOOK = 727310;

export function createAddressesRepository() {
  return {
    /** Serialises changes to one user's address book until the transaction ends, on every instance. */
    async lockBook(tx: Tx, userId: string) {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ADDRESS_BOOK}, hashtext(${userId}))`);
    },

    /** The user's addresses: the default first, then the newest. */
    async list(db: Executor, userId: string, page: { limit: number; offset: number }) {
      return db
        .select(columns)
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id))
        .limit(page.limit)
        .offset(page.offset);
    },

    async count(db: Executor, userId: string): Promise<number> {
      const rows = await db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
      return rows[0]?.n ?? 0;
    },

    /** One of the user's addresses; `lock` holds its row until the transaction ends. */
    async find(db: Executor, userId: string, id: string, opts: { lock?: boolean } = {}) {
      const q = db
        .select(columns)
        .from(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .limit(1);
      const rows = opts.lock ? await q.for('update') : await q;
      return rows[0] ?? null;
    },

    async findDefault(db: Executor, userId: string) {
      const rows = await db
        .select(columns)
        .from(addresses)
        .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)))
        .limit(1);
      return rows[0] ?? null;
    },

    async insert(db: Executor, row: typeof addresses.$inferInsert) {
      const rows = await db.insert(addresses).values(row).returning(columns);
      return rows[0]!;
    },

    async update(db: Executor, userId: string, id: string, set: Partial<typeof addresses.$inferInsert>) {
      const rows = await db
        .update(addresses)
        .set(set)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning(columns);
      return rows[0] ?? null;
    },

    /** Clears the default flag of every address of the user but `keepId`. */
    async clearDefault(db: Executor, userId: string, keepId: string | null, at: Date) {
      await db
        .update(addresses)
        .set({ isDefault: false, updatedAt: at })
        .where(
          and(
            eq(addresses.userId, userId),
            eq(addresses.isDefault, true),
            keepId ? ne(addresses.id, keepId) : undefined,
          ),
        );
    },

    async delete(db: Executor, userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning({ id: addresses.id });
      return rows.length > 0;
    },

    /** The most recently added address of the user (the one promoted when the default is deleted). */
    async newest(db: Executor, userId: string) {
      const rows = await db
        .select(columns)
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.createdAt), desc(addresses.id))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
export type AddressesRepository = ReturnType<typeof createAddressesRepository>;
