import {
  aliasedTable,
  and,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contains } from '../../db/queries';
import { users } from '../../db/schema/auth';
import { listings, marketOrders } from '../../db/schema/market';
import { sales } from '../../db/schema/sales';
import { marketFeedback } from '../../db/schema/standing';

/**
 * Seller standing (docs/decisions/028-seller-standing.md): counted from the sale record (decision 049: every trade
 * between users, whatever its way), the market's reservations that ended unpaid and its buy listings, and the feedback
 * table, read only. Every change goes through the trade's own workflow or this module's services.
 */

/** One side's view of a trade to rate: `completed` once its sale is recorded. */
export interface RatedOrder {
  id: string;
  buyerId: string;
  sellerId: string;
  status: 'pending' | 'completed' | 'cancelled' | 'expired';
}

/** The raw counts a standing is made of. */
export interface StandingCounts {
  memberSince: Date;
  verified: boolean;
  sales: number;
  purchases: number;
  /** Trades the user took part in, plus their reservations of a listing that ended unpaid (cancelled or expired). */
  ended: number;
  /** Median minutes from posting a buy listing to its fill, over the user's bid fills. */
  responseMinutes: number | null;
  up: number;
  down: number;
}

const author = aliasedTable(users, 'author');
const subject = aliasedTable(users, 'subject');

export function createStandingReadModel() {
  return {
    /** The counts of one active user; null when there is no such user. */
    async counts(db: Executor, userId: string): Promise<StandingCounts | null> {
      const [user] = await db
        .select({
          createdAt: users.createdAt,
          // Table-qualified by hand: Drizzle prints a single-table select's columns unqualified.
          verified: sql<boolean>`exists (select 1 from identities i where i.user_id = "users"."id" and i.status = 'verified')`,
        })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.status, 'active')));
      if (!user) return null;
      const [[trades], [unfinished], [response], [feedback]] = await Promise.all([
        db
          .select({
            sales: sql<number>`count(*) filter (where ${sales.sellerId} = ${userId})::int`,
            purchases: sql<number>`count(*) filter (where ${sales.buyerId} = ${userId})::int`,
          })
          .from(sales)
          .where(and(isNotNull(sales.sellerId), or(eq(sales.sellerId, userId), eq(sales.buyerId, userId)))),
        // Reservations of a listing that ended unpaid: the sale record holds only what completed.
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(marketOrders)
          .where(
            and(
              inArray(marketOrders.status, ['cancelled', 'expired']),
              or(eq(marketOrders.sellerId, userId), eq(marketOrders.buyerId, userId)),
            ),
          ),
        db
          .select({
            minutes: sql<
              number | null
            >`percentile_cont(0.5) within group (order by extract(epoch from (${sales.createdAt} - ${listings.createdAt})) / 60)`,
          })
          .from(sales)
          .innerJoin(listings, eq(listings.id, sales.listingId))
          .where(and(eq(sales.buyerId, userId), eq(sales.way, 'bid'))),
        db
          .select({
            up: sql<number>`count(*) filter (where ${marketFeedback.rating} = 'up')::int`,
            down: sql<number>`count(*) filter (where ${marketFeedback.rating} = 'down')::int`,
          })
          .from(marketFeedback)
          .where(eq(marketFeedback.subjectId, userId)),
      ]);
      const minutes = response?.minutes === null || response?.minutes === undefined ? null : Number(response.minutes);
      return {
        memberSince: user.createdAt,
        verified: Boolean(user.verified),
        sales: Number(trades?.sales ?? 0),
        purchases: Number(trades?.purchases ?? 0),
        ended: Number(trades?.sales ?? 0) + Number(trades?.purchases ?? 0) + Number(unfinished?.n ?? 0),
        responseMinutes: minutes === null ? null : Math.round(minutes),
        up: Number(feedback?.up ?? 0),
        down: Number(feedback?.down ?? 0),
      };
    },

    /**
     * The two sides and the state of a trade between users: its sale (a market trade's sale keeps its market order's
     * id; an offer's is `sale_…`), else a market order not completed (pending, cancelled, expired); null when neither.
     */
    async order(db: Executor, orderId: string): Promise<RatedOrder | null> {
      const [sale] = await db
        .select({ id: sales.id, buyerId: sales.buyerId, sellerId: sales.sellerId })
        .from(sales)
        .where(and(eq(sales.id, orderId), isNotNull(sales.sellerId)));
      if (sale) return { id: sale.id, buyerId: sale.buyerId, sellerId: sale.sellerId!, status: 'completed' };
      const [open] = await db
        .select({
          id: marketOrders.id,
          buyerId: marketOrders.buyerId,
          sellerId: marketOrders.sellerId,
          status: marketOrders.status,
        })
        .from(marketOrders)
        .where(and(eq(marketOrders.id, orderId), ne(marketOrders.status, 'completed')));
      return open ?? null;
    },

    /** Feedback a user received, newest first, with each author's public profile. */
    async received(db: Executor, subjectId: string, page: { limit: number; offset: number }) {
      return db
        .select({ feedback: marketFeedback, author: { id: users.id, nickname: users.nickname, avatar: users.avatar } })
        .from(marketFeedback)
        .innerJoin(users, eq(users.id, marketFeedback.authorId))
        .where(eq(marketFeedback.subjectId, subjectId))
        .orderBy(desc(marketFeedback.createdAt), desc(marketFeedback.id))
        .limit(page.limit)
        .offset(page.offset);
    },

    /** The feedback `authorId` left on an order, with their public profile. */
    async left(db: Executor, orderId: string, authorId: string) {
      const [row] = await db
        .select({ feedback: marketFeedback, author: { id: users.id, nickname: users.nickname, avatar: users.avatar } })
        .from(marketFeedback)
        .innerJoin(users, eq(users.id, marketFeedback.authorId))
        .where(and(eq(marketFeedback.orderId, orderId), eq(marketFeedback.authorId, authorId)));
      return row ?? null;
    },

    /** The back office's list, newest first, with both sides' names. */
    async search(
      db: Executor,
      f: { hidden?: boolean; rating?: 'up' | 'down'; q?: string },
      page: { limit: number; offset: number },
    ) {
      const where: SQL | undefined = and(
        f.hidden === undefined
          ? undefined
          : f.hidden
            ? isNotNull(marketFeedback.hiddenAt)
            : isNull(marketFeedback.hiddenAt),
        f.rating ? eq(marketFeedback.rating, f.rating) : undefined,
        f.q
          ? or(
              ilike(marketFeedback.comment, contains(f.q)),
              eq(marketFeedback.orderId, f.q),
              eq(marketFeedback.authorId, f.q),
              eq(marketFeedback.subjectId, f.q),
            )
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            feedback: marketFeedback,
            author: { id: author.id, nickname: author.nickname },
            subject: { id: subject.id, nickname: subject.nickname },
          })
          .from(marketFeedback)
          .innerJoin(author, eq(author.id, marketFeedback.authorId))
          .innerJoin(subject, eq(subject.id, marketFeedback.subjectId))
          .where(where)
          .orderBy(desc(marketFeedback.createdAt), desc(marketFeedback.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(marketFeedback).where(where),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },
  };
}
export type StandingReadModel = ReturnType<typeof createStandingReadModel>;
