import { and, eq, inArray, isNotNull, ne, sql, type Column, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { SaleWay } from '../../../shared/sale-ways';
import type { Executor } from '../../db/client';
import { sellTypeSql } from '../../db/sell-type-sql';
import { marketOrders } from '../../db/schema/market';
import { saleItems, sales } from '../../db/schema/sales';

type OrderStatus = (typeof marketOrders.$inferSelect)['status'];

/**
 * A trade between two users as the histories, the order detail, the desk and the back office show it (decision 049): a
 * completed one is its sale; an unpaid, cancelled or lapsed purchase of a listing is its market order.
 */
export interface TradeRow {
  /** The sale's id (a market trade's sale keeps its market order's id; an offer's is `sale_…`), or the market order's. */
  id: string;
  orderNo: string | null;
  /** The listing sold or filled; null for an offer on an item that was not listed. */
  listingId: string | null;
  way: SaleWay;
  kind: 'card' | 'goods';
  cardInfoId: string | null;
  productId: string | null;
  themeId: string | null;
  itemId: string | null;
  itemName: string;
  itemImage: string;
  rarity: 'N' | 'R' | 'SR' | 'SSR' | 'UR' | null;
  serial: number | null;
  editionSize: number | null;
  buyerId: string;
  sellerId: string;
  price: number;
  fee: number;
  status: OrderStatus;
  /** When it was ordered (a listing's purchase) or made (the other ways: the sale's time). */
  createdAt: Date;
  completedAt: Date | null;
}

/** A sale that sold or filled a listing (the desk and the back office). */
export interface ListingSaleRow {
  id: string;
  listingId: string;
  way: SaleWay;
  buyerId: string;
  sellerId: string;
  price: number;
  fee: number;
  at: Date;
}

const at = (col: SQL | Column, name: string) => sql<Date>`${col}`.mapWith(sales.createdAt).as(name);

/**
 * Completed trades between users (`seller_id` set: the platform's own sales are not market trades). Each is one unit,
 * so the join with its units gives one row. A listing's purchase keeps the time it was ordered.
 */
function completed(db: Executor, where: SQL | undefined) {
  return db
    .select({
      id: sales.id,
      orderNo: sales.orderNo,
      listingId: sql<string | null>`${sales.listingId}`.as('listing_id'),
      way: sql<SaleWay>`${sales.way}`.as('way'),
      kind: sales.kind,
      cardInfoId: sales.cardInfoId,
      productId: sales.productId,
      themeId: sales.themeId,
      itemId: sql<string | null>`${saleItems.itemId}`.as('item_id'),
      itemName: sales.itemName,
      itemImage: sales.itemImage,
      rarity: sales.rarity,
      serial: saleItems.serial,
      editionSize: saleItems.editionSize,
      buyerId: sales.buyerId,
      sellerId: sql<string>`${sales.sellerId}`.as('seller_id'),
      price: sales.price,
      fee: sales.fee,
      status: sql<OrderStatus>`'completed'`.as('status'),
      createdAt: at(sql`coalesce(${marketOrders.createdAt}, ${sales.createdAt})`, 'created_at'),
      completedAt: at(sales.createdAt, 'completed_at'),
    })
    .from(sales)
    .leftJoin(saleItems, eq(saleItems.saleId, sales.id))
    .leftJoin(marketOrders, eq(marketOrders.id, sales.id))
    .where(and(isNotNull(sales.sellerId), where));
}

/** Purchases of a listing not completed: unpaid, cancelled or lapsed (a completed one is read from its sale). */
function uncompleted(db: Executor, where: SQL | undefined) {
  return db
    .select({
      id: marketOrders.id,
      orderNo: marketOrders.orderNo,
      listingId: sql<string | null>`${marketOrders.listingId}`.as('listing_id'),
      way: sql<SaleWay>`case when ${marketOrders.sellType} = ${sellTypeSql('buy')} then 'bid' else 'listing' end`.as(
        'way',
      ),
      kind: marketOrders.kind,
      cardInfoId: marketOrders.cardInfoId,
      productId: marketOrders.productId,
      themeId: marketOrders.themeId,
      itemId: sql<string | null>`${marketOrders.itemId}`.as('item_id'),
      itemName: marketOrders.itemName,
      itemImage: marketOrders.itemImage,
      rarity: marketOrders.rarity,
      serial: marketOrders.serial,
      editionSize: marketOrders.editionSize,
      buyerId: marketOrders.buyerId,
      sellerId: sql<string>`${marketOrders.sellerId}`.as('seller_id'),
      price: marketOrders.price,
      fee: marketOrders.fee,
      status: sql<OrderStatus>`${marketOrders.status}`.as('status'),
      createdAt: at(marketOrders.createdAt, 'created_at'),
      completedAt: at(sql`${marketOrders.completedAt}`, 'completed_at'),
    })
    .from(marketOrders)
    .where(and(ne(marketOrders.status, 'completed'), where));
}

/**
 * What the market reads of the sale record (decision 049): a user's trades, one trade, and the sales of listings. Read
 * only; each trade's workflow writes its sale in its own transaction.
 */
export const marketTradeQueries = {
  /** A user's trades as buyer or seller, newest first: completed ones from their sales, the rest from market orders. */
  async trades(
    db: Executor,
    userId: string,
    f: { role: 'buyer' | 'seller'; status?: OrderStatus; kind?: 'card' | 'goods'; limit: number; offset: number },
  ): Promise<TradeRow[]> {
    const mine = (buyer: Column, seller: Column) => (f.role === 'buyer' ? eq(buyer, userId) : eq(seller, userId));
    const sold = () =>
      completed(db, and(mine(sales.buyerId, sales.sellerId), f.kind ? eq(sales.kind, f.kind) : undefined));
    const open = () =>
      uncompleted(
        db,
        and(
          mine(marketOrders.buyerId, marketOrders.sellerId),
          f.kind ? eq(marketOrders.kind, f.kind) : undefined,
          f.status ? eq(marketOrders.status, f.status) : undefined,
        ),
      );
    const query =
      f.status === 'completed' ? sold().$dynamic() : f.status ? open().$dynamic() : unionAll(sold(), open()).$dynamic();
    return (await query
      .orderBy(sql`created_at desc`, sql`id desc`)
      .limit(f.limit)
      .offset(f.offset)) as TradeRow[];
  },

  /** One trade by id: a sale between users, or a market order not completed. */
  async trade(db: Executor, id: string): Promise<TradeRow | null> {
    const [sale] = (await completed(db, eq(sales.id, id))) as TradeRow[];
    if (sale) return sale;
    const [order] = (await uncompleted(db, eq(marketOrders.id, id))) as TradeRow[];
    return order ?? null;
  },

  /** The sales that sold or filled these listings, oldest first. */
  async listingSales(db: Executor, listingIds: string[]): Promise<ListingSaleRow[]> {
    if (listingIds.length === 0) return [];
    return db
      .select({
        id: sales.id,
        listingId: sql<string>`${sales.listingId}`,
        way: sales.way,
        buyerId: sales.buyerId,
        sellerId: sql<string>`${sales.sellerId}`,
        price: sales.price,
        fee: sales.fee,
        at: sales.createdAt,
      })
      .from(sales)
      .where(and(inArray(sales.listingId, listingIds), isNotNull(sales.sellerId)))
      .orderBy(sales.createdAt, sales.id);
  },
};
