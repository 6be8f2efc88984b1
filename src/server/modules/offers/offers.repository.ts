import { and, asc, count, desc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { offerRounds, offerSettings, offers } from '../../db/schema/offers';
import type { OfferStatus } from '../../../shared/schemas/offers';

export type OfferRow = typeof offers.$inferSelect;
export type OfferRoundRow = typeof offerRounds.$inferSelect;
export type OfferSettingsRow = typeof offerSettings.$inferSelect;

/** The statuses of an offer that is still the buyer's live offer on its item (the caps count them). */
const LIVE: OfferStatus[] = ['open', 'pending_payment'];

/** The offers' tables (issue 24): offers, their rounds, and owners' per-item settings. */
export function createOffersRepository() {
  return {
    async insert(db: Executor, row: typeof offers.$inferInsert): Promise<OfferRow> {
      const [out] = await db.insert(offers).values(row).returning();
      return out!;
    },

    async insertRound(db: Executor, row: typeof offerRounds.$inferInsert): Promise<void> {
      await db.insert(offerRounds).values(row);
    },

    async offer(db: Executor, id: string): Promise<OfferRow | null> {
      const [row] = await db.select().from(offers).where(eq(offers.id, id));
      return row ?? null;
    },

    async rounds(db: Executor, offerId: string): Promise<OfferRoundRow[]> {
      return db.select().from(offerRounds).where(eq(offerRounds.offerId, offerId)).orderBy(asc(offerRounds.n));
    },

    /**
     * A step of an open offer, applied only at the version it was read (so two answers to one version cannot both
     * land: the second finds the row changed and gets null). The version moves on.
     */
    async step(
      db: Executor,
      id: string,
      atVersion: number,
      set: Partial<typeof offers.$inferInsert>,
    ): Promise<OfferRow | null> {
      const [row] = await db
        .update(offers)
        .set({ ...set, version: sql`${offers.version} + 1` })
        .where(and(eq(offers.id, id), eq(offers.status, 'open'), eq(offers.version, atVersion)))
        .returning();
      return row ?? null;
    },

    /** An open offer at `atVersion` ends because its item is gone (`declined`, `unavailable`); null when it changed. */
    endUnavailable(db: Executor, id: string, atVersion: number, now: Date): Promise<OfferRow | null> {
      return this.step(db, id, atVersion, {
        status: 'declined',
        closeReason: 'unavailable',
        held: 0,
        closedAt: now,
        updatedAt: now,
      });
    },

    /**
     * Locks every open offer on an item, in id order: an accept takes them all before it changes any, so two accepts
     * on one item (or an accept and a counter) queue instead of deadlocking.
     */
    async lockOpenOn(db: Executor, itemId: string): Promise<void> {
      await db
        .select({ id: offers.id })
        .from(offers)
        .where(and(eq(offers.itemId, itemId), eq(offers.status, 'open')))
        .orderBy(asc(offers.id))
        .for('update');
    },

    /**
     * Closes every open offer on an item but `exceptId` (it went to one buyer: `cancelled`, `sold`; it left by another
     * path: `declined`, `unavailable`), answering them as they were so their money goes back. `skipLocked`: offers
     * another transaction holds (an accept or a counter under way) are left to it (that accept then finds the item gone
     * and ends its offer itself), so a departure never waits on an offer while holding the item (no deadlock).
     */
    async closeOpenOn(
      db: Executor,
      itemId: string,
      how: {
        exceptId?: string;
        status: 'cancelled' | 'declined';
        closeReason: 'sold' | 'unavailable';
        skipLocked?: boolean;
      },
      now: Date,
    ): Promise<OfferRow[]> {
      // The rows as they were (their holds) are needed: lock and read first, then close.
      const open = await db
        .select()
        .from(offers)
        .where(
          and(
            eq(offers.itemId, itemId),
            eq(offers.status, 'open'),
            how.exceptId ? ne(offers.id, how.exceptId) : undefined,
          ),
        )
        .orderBy(asc(offers.id))
        .for('update', how.skipLocked ? { skipLocked: true } : {});
      for (const o of open) {
        await db
          .update(offers)
          .set({
            status: how.status,
            closeReason: how.closeReason,
            held: 0,
            version: o.version + 1,
            closedAt: now,
            updatedAt: now,
          })
          .where(eq(offers.id, o.id));
      }
      return open;
    },

    /** Open offers past their time, locked with SKIP LOCKED (several instances never expire one twice). */
    async due(db: Executor, now: Date, limit: number): Promise<OfferRow[]> {
      return db
        .select()
        .from(offers)
        .where(and(eq(offers.status, 'open'), lte(offers.expiresAt, now)))
        .orderBy(asc(offers.expiresAt))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    /**
     * The buyer's offer lock, held to the end of the transaction: their open-offer count is read and a new offer
     * inserted under it, so concurrent creates cannot pass the cap of 20 together.
     */
    async lockBuyer(tx: Executor, buyerId: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('offer-buyer'), hashtext(${buyerId}))`);
    },

    /** The buyer's offers that count against the cap: open ones and those waiting for their payment. */
    async openCountOf(db: Executor, buyerId: string): Promise<number> {
      const [r] = await db
        .select({ n: count() })
        .from(offers)
        .where(and(eq(offers.buyerId, buyerId), inArray(offers.status, LIVE)));
      return Number(r?.n ?? 0);
    },

    /** The buyer's open (or awaiting payment) offer on an item, if any. */
    async openOf(db: Executor, buyerId: string, itemId: string): Promise<OfferRow | null> {
      const [row] = await db
        .select()
        .from(offers)
        .where(and(eq(offers.buyerId, buyerId), eq(offers.itemId, itemId), inArray(offers.status, LIVE)));
      return row ?? null;
    },

    /** An offer waiting for payment takes its `offer` pay order (once: none may be named yet). */
    async fund(tx: Executor, id: string, buyerId: string, orderNo: string, now: Date): Promise<OfferRow | null> {
      const [row] = await tx
        .update(offers)
        .set({ fundingOrderNo: orderNo, version: sql`${offers.version} + 1`, updatedAt: now })
        .where(
          and(
            eq(offers.id, id),
            eq(offers.buyerId, buyerId),
            eq(offers.status, 'pending_payment'),
            isNull(offers.fundingOrderNo),
          ),
        )
        .returning();
      return row ?? null;
    },

    /**
     * An offer waiting for the payment of `orderNo` opens (paid: its price is held from now) or is cancelled (the order
     * expired or was cancelled); null when it is not waiting for that order.
     */
    async settleFunding(
      tx: Executor,
      id: string,
      orderNo: string,
      to: 'open' | 'cancelled',
      now: Date,
    ): Promise<OfferRow | null> {
      const [row] = await tx
        .update(offers)
        .set({
          status: to,
          held: to === 'open' ? sql`${offers.price}` : 0,
          closedAt: to === 'open' ? null : now,
          version: sql`${offers.version} + 1`,
          updatedAt: now,
        })
        .where(and(eq(offers.id, id), eq(offers.status, 'pending_payment'), eq(offers.fundingOrderNo, orderNo)))
        .returning();
      return row ?? null;
    },

    /** An offer whose pay order could not be opened (no order names it) is cancelled. */
    async cancelUnfunded(db: Executor, id: string, now: Date): Promise<void> {
      await db
        .update(offers)
        .set({ status: 'cancelled', closedAt: now, updatedAt: now, version: sql`${offers.version} + 1` })
        .where(and(eq(offers.id, id), eq(offers.status, 'pending_payment'), isNull(offers.fundingOrderNo)));
    },

    /** A user's offers as buyer (`made`) or owner (`received`), newest first. */
    async listOf(
      db: Executor,
      q: { userId: string; role: 'made' | 'received'; status?: OfferStatus; limit: number; offset: number },
    ): Promise<OfferRow[]> {
      // The owner sees an offer once it is paid for (one waiting for its payment is the buyer's alone).
      const who =
        q.role === 'made'
          ? eq(offers.buyerId, q.userId)
          : and(eq(offers.sellerId, q.userId), ne(offers.status, 'pending_payment'));
      return db
        .select()
        .from(offers)
        .where(q.status ? and(who, eq(offers.status, q.status)) : who)
        .orderBy(desc(offers.createdAt), desc(offers.id))
        .limit(q.limit)
        .offset(q.offset);
    },

    async settings(db: Executor, itemId: string): Promise<OfferSettingsRow | null> {
      const [row] = await db.select().from(offerSettings).where(eq(offerSettings.itemId, itemId));
      return row ?? null;
    },

    async saveSettings(db: Executor, row: typeof offerSettings.$inferInsert): Promise<void> {
      await db
        .insert(offerSettings)
        .values(row)
        .onConflictDoUpdate({
          target: offerSettings.itemId,
          set: {
            ownerId: row.ownerId,
            allowOffers: row.allowOffers,
            autoDeclinePct: row.autoDeclinePct,
            updatedAt: row.updatedAt,
          },
        });
    },
  };
}
export type OffersRepository = ReturnType<typeof createOffersRepository>;
