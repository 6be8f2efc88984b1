import { and, count, desc, eq, ilike, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { columnsOf, contains, page } from '../../db/queries';
import { users } from '../../db/schema/auth';
import { cardInfos, products } from '../../db/schema/catalogue';
import { cards } from '../../db/schema/cards';
import { goods } from '../../db/schema/goods';
import { identities } from '../../db/schema/identity';
import { payOrders } from '../../db/schema/pay-orders';

/**
 * The back office's view of users (docs/decisions/018-back-office-operations.md): one query per
 * screen across auth, wallet, identity, pay orders, cards, goods, market and shipments. Read only;
 * every change goes through the owner's service.
 */
export interface UserFilter {
  /** Digits that appear somewhere in the phone number. */
  phone?: string;
  nickname?: string;
  role?: string;
  status?: 'active' | 'disabled';
}

function where(f: UserFilter): SQL | undefined {
  return and(
    f.phone ? ilike(users.phone, contains(f.phone)) : undefined,
    f.nickname ? ilike(users.nickname, contains(f.nickname)) : undefined,
    f.role ? sql`${f.role} = any(${users.roles})` : undefined,
    f.status ? eq(users.status, f.status) : undefined,
  );
}

/*
 * Correlated subqueries are written with table-qualified names: Drizzle prints a column of a
 * single-table select unqualified, and inside a subquery "id" would then mean the inner table's id.
 */
const balanceOf = (suffix: 'balance' | 'escrow') =>
  sql<number>`coalesce((select la.balance from ledger_accounts la where la.id = 'user:' || "users"."id" || ${`:${suffix}`}), 0)`;

const userColumns = {
  ...columnsOf(
    users,
    'id',
    'phone',
    'nickname',
    'avatar',
    'bio',
    'roles',
    'status',
    'disabledReason',
    'disabledAt',
    'createdAt',
  ),
  verified: sql<boolean>`exists (select 1 from identities i where i.user_id = "users"."id" and i.status = 'verified')`,
  balance: balanceOf('balance'),
};

/** Goods no longer the user's to hold: delivered, or taken back by an operator's refund (decision 050). */
const GOODS_GONE: ('delivered' | 'returned')[] = ['delivered', 'returned'];

export function createUsersReadModel() {
  return {
    /** Users newest first, with the number of matches. */
    async search(db: Executor, f: UserFilter, p: { limit: number; offset: number }) {
      const found = await page(
        db.select(userColumns).from(users).where(where(f)).orderBy(desc(users.createdAt), desc(users.id)),
        db.select({ n: count() }).from(users).where(where(f)),
        p,
      );
      return { ...found, rows: found.rows.map((r) => ({ ...r, balance: Number(r.balance) })) };
    },

    /** One user with escrow and the counts the detail screen shows; null when there is none. */
    async detail(db: Executor, id: string) {
      const n = (q: SQL) => sql<number>`(${q})::int`;
      const [row] = await db
        .select({
          ...userColumns,
          escrow: balanceOf('escrow'),
          payOrders: n(sql`select count(*) from pay_orders po where po.buyer_id = "users"."id"`),
          paidOrders: n(
            sql`select count(*) from pay_orders po where po.buyer_id = "users"."id" and po.status = 'paid'`,
          ),
          cards: n(sql`select count(*) from cards c where c.owner_id = "users"."id" and c.status <> 'consumed'`),
          goods: n(
            sql`select count(*) from goods g where g.owner_id = "users"."id" and g.status not in ('delivered', 'returned')`,
          ),
          openListings: n(
            sql`select count(*) from listings l where l.user_id = "users"."id" and l.status in ('active', 'reserved', 'pending_payment')`,
          ),
          shipments: n(sql`select count(*) from shipments s where s.user_id = "users"."id"`),
          withdrawals: n(sql`select count(*) from withdrawals w where w.user_id = "users"."id"`),
        })
        .from(users)
        .where(eq(users.id, id));
      if (!row) return null;
      const {
        payOrders: po,
        paidOrders,
        cards: c,
        goods: g,
        openListings,
        shipments: sh,
        withdrawals: w,
        ...user
      } = row;
      return {
        ...user,
        balance: Number(user.balance),
        escrow: Number(user.escrow),
        counts: {
          payOrders: Number(po),
          paidOrders: Number(paidOrders),
          cards: Number(c),
          goods: Number(g),
          openListings: Number(openListings),
          shipments: Number(sh),
          withdrawals: Number(w),
        },
      };
    },

    /** The user's pay orders, newest first, with what operators refunded of each (decision 050). */
    async orders(db: Executor, userId: string, p: { limit: number; offset: number }) {
      const found = await page(
        db
          .select({
            ...columnsOf(
              payOrders,
              'orderNo',
              'type',
              'status',
              'itemName',
              'itemImage',
              'quantity',
              'amountCents',
              'provider',
              'createdAt',
              'paidAt',
            ),
            refundedCents: sql<string>`coalesce((select sum(r.amount) from order_refunds r where r.order_no = "pay_orders"."order_no"), 0)`,
          })
          .from(payOrders)
          .where(eq(payOrders.buyerId, userId))
          .orderBy(desc(payOrders.createdAt), desc(payOrders.id)),
        db.select({ n: count() }).from(payOrders).where(eq(payOrders.buyerId, userId)),
        p,
      );
      return { ...found, rows: found.rows.map((r) => ({ ...r, refundedCents: Number(r.refundedCents) })) };
    },

    /** Cards (not consumed) and goods (not delivered) the user owns, newest acquisition first. */
    async holdings(db: Executor, userId: string, p: { limit: number; offset: number }) {
      const cardRows = db
        .select({
          kind: sql<'card' | 'goods'>`'card'`.as('kind'),
          id: cards.id,
          catalogueId: sql<string>`${cards.cardInfoId}`.as('catalogue_id'),
          name: cardInfos.name,
          image: cardInfos.image,
          rarity: sql<string | null>`${cardInfos.rarity}`.as('rarity'),
          serial: sql<number | null>`${cards.serial}`.as('serial'),
          editionSize: sql<number | null>`${cardInfos.editionSize}`.as('edition_size'),
          status: sql<string>`${cards.status}`.as('status'),
          acquiredVia: sql<string>`${cards.acquiredVia}`.as('acquired_via'),
          acquiredAt: cards.acquiredAt,
        })
        .from(cards)
        .innerJoin(cardInfos, eq(cardInfos.id, cards.cardInfoId))
        .where(and(eq(cards.ownerId, userId), notInArray(cards.status, ['consumed'])));
      const goodsRows = db
        .select({
          kind: sql<'card' | 'goods'>`'goods'`,
          id: goods.id,
          catalogueId: sql<string>`${goods.productId}`,
          name: products.name,
          image: sql<string>`coalesce(${products.images} ->> 0, '')`,
          rarity: sql<string | null>`null`,
          serial: sql<number | null>`null::int`,
          editionSize: sql<number | null>`null::int`,
          status: sql<string>`${goods.status}`,
          acquiredVia: sql<string>`${goods.acquiredVia}`,
          acquiredAt: goods.acquiredAt,
        })
        .from(goods)
        .innerJoin(products, eq(products.id, goods.productId))
        .where(and(eq(goods.ownerId, userId), notInArray(goods.status, GOODS_GONE)));
      const union = cardRows.unionAll(goodsRows).as('holdings');
      const [rows, [c], [g]] = await Promise.all([
        db.select().from(union).orderBy(desc(union.acquiredAt), desc(union.id)).limit(p.limit).offset(p.offset),
        db
          .select({ n: count() })
          .from(cards)
          .where(and(eq(cards.ownerId, userId), notInArray(cards.status, ['consumed']))),
        db
          .select({ n: count() })
          .from(goods)
          .where(and(eq(goods.ownerId, userId), notInArray(goods.status, GOODS_GONE))),
      ]);
      return { rows, total: Number(c?.n ?? 0) + Number(g?.n ?? 0) };
    },

    /** Identities with the user's phone (masked fields only), newest first. */
    async identities(
      db: Executor,
      f: { id?: string; status?: 'verified' | 'revoked'; phone?: string },
      p: { limit: number; offset: number },
    ) {
      const w = and(
        f.id ? eq(identities.id, f.id) : undefined,
        f.status ? eq(identities.status, f.status) : undefined,
        f.phone ? ilike(users.phone, contains(f.phone)) : undefined,
      );
      return page(
        db
          .select({
            id: identities.id,
            userId: identities.userId,
            phone: users.phone,
            ...columnsOf(
              identities,
              'idType',
              'nameMasked',
              'numberMasked',
              'status',
              'verifiedAt',
              'revokedAt',
              'revokedReason',
            ),
          })
          .from(identities)
          .innerJoin(users, eq(users.id, identities.userId))
          .where(w)
          .orderBy(desc(identities.verifiedAt), desc(identities.id)),
        db.select({ n: count() }).from(identities).innerJoin(users, eq(users.id, identities.userId)).where(w),
        p,
      );
    },
  };
}
export type UsersReadModel = ReturnType<typeof createUsersReadModel>;
