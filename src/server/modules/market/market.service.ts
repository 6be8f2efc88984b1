import {
  BUY_LISTING_TTL_MS,
  PAY_ORDER_TTL_MS,
  RELIST_COOLDOWN_MS,
  SELL_LISTING_TTL_MS,
} from '../../../shared/constants';
import { z } from 'zod';
import { envelope } from '../../../shared/envelope';
import {
  ListingSchema,
  marketFee,
  type ConsignableItem,
  type CreateListingBodySchema,
  type CreateListingResult,
  type Listing,
  type MarketDetail,
  type MarketDetailQuerySchema,
  type MarketListQuerySchema,
  type MarketOrder,
  type MarketOrderListQuerySchema,
  type MarketRow,
  type MarketRowQuerySchema,
  type MyListingsQuerySchema,
  type SellerProfile,
  type UserListingsQuerySchema,
} from '../../../shared/schemas/market';
import type { PayOrder } from '../../../shared/schemas/pay-orders';
import { formatSerial } from '../../../shared/serial';
import { newId } from '../../adapters/ids';
import type { Executor, Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, conflict, invalid, notFound } from '../../errors';
import type { Actor, AuthService, Operator } from '../auth/auth.service';
import type { AuditService } from '../audit/audit.service';
import type { AdminListing } from '../../../shared/schemas/admin-market';
import type { CardsService } from '../cards/cards.service';
import type { GoodsService } from '../goods/goods.service';
import type { IdentityService } from '../identity/identity.service';
import { formatHkDateTime } from '../../../shared/hk-time';
import type { PayOrdersService } from '../pay-orders/pay-orders.service';
import { accounts, type WalletService } from '../wallet/wallet.service';
import { createMarketReadModel, type ItemSnapshot } from './market.read-model';
import { createMarketRepository, type ListingRow, type MarketOrderRow } from './market.repository';

type Out<S extends z.ZodType> = z.output<S>;

/** The whole answer of `market/list`. */
const ListPageSchema = envelope(z.array(ListingSchema));

export interface MarketServices {
  auth: Pick<AuthService, 'profiles'>;
  identity: Pick<IdentityService, 'isVerified' | 'payoutAccount'>;
  wallet: Pick<WalletService, 'post'>;
  cards: Pick<CardsService, 'setStatus' | 'transfer'>;
  goods: Pick<GoodsService, 'setStatus' | 'transfer'>;
  payOrders: Pick<PayOrdersService, 'registerOrderType' | 'create' | 'cancel' | 'byKey' | 'ownOrder'>;
  audit: Pick<AuditService, 'record'>;
}

const SALES_SHOWN = 30;
const OTHER_LISTINGS_SHOWN = 20;
/** A buy listing whose pay order was never opened (the request failed midway) is dropped after this. */
const ORPHAN_AFTER_MS = PAY_ORDER_TTL_MS * 2;

const NOT_VERIFIED = '請先完成實名認證，才可以在市場交易';
const NO_PAYOUT = '請先設定收款帳戶，才可以出售';

const serialLabel = (r: { serial: number | null; editionSize: number | null }) =>
  r.serial !== null && r.editionSize !== null ? formatSerial(r.serial, r.editionSize) : null;

/** The item a listing or market order is about, as both answers show it. */
const itemView = <
  R extends Pick<
    ListingRow,
    | 'kind'
    | 'cardInfoId'
    | 'productId'
    | 'itemId'
    | 'itemName'
    | 'itemImage'
    | 'rarity'
    | 'themeId'
    | 'serial'
    | 'editionSize'
  >,
>(
  r: R,
) => ({
  kind: r.kind,
  cardInfoId: r.cardInfoId,
  productId: r.productId,
  itemId: r.itemId,
  itemName: r.itemName,
  itemImage: r.itemImage,
  rarity: r.rarity,
  themeId: r.themeId,
  serial: r.serial,
  editionSize: r.editionSize,
  serialLabel: serialLabel(r),
});

const itemStatusRefusal: Record<string, string> = {
  listed: '此物品已在寄售中',
  reserved: '此物品正在交易中',
  consumed: '此卡牌已用於兌換，不能出售',
  delivering: '此物品正在配送中，不能出售',
  delivered: '此物品已提貨，不能出售',
};

/**
 * The market (PRODUCT.md §4.6): sell listings bought through `market` pay orders, buy listings
 * funded through `bid` pay orders and held in escrow, fills, expiry, and the public market views.
 * Items change hands only through the cards and goods services, money only through the ledger,
 * each sale in one transaction.
 */
/** The public cache's tag of market answers (docs/decisions/013): every listing or market order write invalidates it. */
export const MARKET_TAG = 'market';

export function createMarketService(deps: Pick<Deps, 'db' | 'clock' | 'log' | 'publicCache'>, svc: MarketServices) {
  const repo = createMarketRepository({ changed: () => deps.publicCache.invalidate(MARKET_TAG) });
  deps.publicCache.define(MARKET_TAG, { nextChange: (now) => repo.nextExpiry(deps.db, now) });
  const read = createMarketReadModel();
  const items = { card: svc.cards, goods: svc.goods };

  async function requireTrader(db: Executor, userId: string, selling: boolean) {
    if (!(await svc.identity.isVerified(db, userId))) throw conflict(NOT_VERIFIED, 'not_verified');
    if (selling && !(await svc.identity.payoutAccount(db, userId))) throw conflict(NO_PAYOUT, 'no_payout_account');
  }

  /** Why an item of the seller cannot be listed or sold right now; null when it can. */
  function itemRefusal(item: ItemSnapshot, now: Date): AppError | null {
    if (item.status !== 'held') return conflict(itemStatusRefusal[item.status] ?? '此物品現在不能出售');
    if (item.acquiredVia === 'market' && now.getTime() - item.acquiredAt.getTime() < RELIST_COOLDOWN_MS) {
      return conflict(
        `市場購入的物品需持有 24 小時後才可再出售，可於 ${formatHkDateTime(new Date(item.acquiredAt.getTime() + RELIST_COOLDOWN_MS))} 後出售`,
        'cooldown',
      );
    }
    return null;
  }

  async function ownItem(db: Executor, userId: string, kind: 'card' | 'goods', id: string) {
    const item = await read.item(db, kind, id);
    if (!item || item.ownerId !== userId) throw notFound(kind === 'card' ? '找不到此卡牌' : '找不到此物品');
    return item;
  }

  async function listingViews(rows: ListingRow[], viewerId: string | null): Promise<Listing[]> {
    const users = await svc.auth.profiles(rows.map((r) => r.userId));
    return rows.map((r) => {
      const u = users.get(r.userId);
      const { fee, proceeds } = marketFee(r.price);
      return {
        id: r.id,
        sell_type: r.sellType === 0 ? 0 : 1,
        status: r.status,
        price: r.price,
        fee,
        proceeds,
        ...itemView(r),
        user: { id: r.userId, nickname: u?.nickname ?? '', avatar: u?.avatar ?? null },
        mine: viewerId === r.userId,
        takedownReason: viewerId === r.userId ? r.takedownReason : null,
        expiresAt: r.expiresAt.toISOString(),
        createdAt: r.createdAt.toISOString(),
      };
    });
  }

  async function orderViews(rows: MarketOrderRow[], viewerId: string): Promise<MarketOrder[]> {
    const users = await svc.auth.profiles(rows.flatMap((r) => [r.buyerId, r.sellerId]));
    return rows.map((r) => {
      const role = r.buyerId === viewerId ? 'buyer' : 'seller';
      const other = role === 'buyer' ? r.sellerId : r.buyerId;
      const u = users.get(other);
      return {
        id: r.id,
        orderNo: r.orderNo,
        listingId: r.listingId,
        sell_type: r.sellType === 0 ? 0 : 1,
        role,
        status: r.status,
        ...itemView(r),
        price: r.price,
        fee: r.fee,
        proceeds: r.price - r.fee,
        counterparty: { id: other, nickname: u?.nickname ?? '', avatar: u?.avatar ?? null },
        createdAt: r.createdAt.toISOString(),
        completedAt: r.completedAt?.toISOString() ?? null,
      };
    });
  }

  /** The seller's side of a sale: price in, fee out, fee to the platform, from `source`. */
  const saleLines = (
    source: { id: string; type: 'escrow' | 'orders_clearing'; userId: string | null },
    sellerId: string,
    price: number,
    what: string,
  ) => {
    const { fee } = marketFee(price);
    return [
      {
        account: source,
        amount: -price,
        kind: source.type === 'escrow' ? ('bid_escrow' as const) : ('internal' as const),
        description: `求購成交：${what}`,
      },
      { account: accounts.balance(sellerId), amount: price, kind: 'sale' as const, description: `出售所得：${what}` },
      { account: accounts.balance(sellerId), amount: -fee, kind: 'fee' as const, description: `市場手續費：${what}` },
      { account: accounts.fees, amount: fee, kind: 'internal' as const },
    ];
  };
  const describe = (r: { itemName: string; serial: number | null; editionSize: number | null }) =>
    [r.itemName, serialLabel(r)].filter(Boolean).join(' ');

  // ---- order types: `market` (buy a sell listing) and `bid` (fund a buy listing) -------------------

  svc.payOrders.registerOrderType('market', {
    itemId: (input) => input.listingId,
    async availability(db, id) {
      const listing = await repo.listing(db, id);
      return {
        refusal(now) {
          if (!listing || listing.sellType !== 0) return notFound('找不到此掛單');
          if (listing.status === 'reserved') return conflict('此掛單正由其他買家付款中，請稍後再試', 'reserved');
          if (listing.status !== 'active' || listing.expiresAt <= now)
            return conflict('此掛單已售出或已下架', 'closed');
          return null;
        },
      };
    },
    async reserve(tx, { buyerId, itemId: id, orderNo }, now) {
      const listing = await repo.listing(tx, id);
      if (!listing || listing.sellType !== 0) throw notFound('找不到此掛單');
      if (listing.userId === buyerId) throw conflict('不能購買自己的掛單', 'own_listing');
      await requireTrader(tx, buyerId, false);
      const reserved = await repo.transition(
        tx,
        id,
        ['active'],
        { status: 'reserved', reservedOrderNo: orderNo, counterpartyId: buyerId, updatedAt: now },
        { openAt: now },
      );
      if (!reserved) {
        const current = await repo.listing(tx, id);
        throw current?.status === 'reserved'
          ? conflict('此掛單正由其他買家付款中，請稍後再試', 'reserved')
          : conflict('此掛單已售出或已下架', 'closed');
      }
      if (!(await items[listing.kind].setStatus(tx, { id: listing.itemId!, from: 'listed', to: 'reserved' }))) {
        throw new AppError('internal', `listed item ${listing.itemId} of ${id} was not listed`);
      }
      const { fee } = marketFee(listing.price);
      await repo.insertOrder(tx, {
        id: newId('mord'),
        orderNo,
        listingId: id,
        sellType: 0,
        kind: listing.kind,
        cardInfoId: listing.cardInfoId,
        productId: listing.productId,
        itemId: listing.itemId,
        itemName: listing.itemName,
        itemImage: listing.itemImage,
        rarity: listing.rarity,
        themeId: listing.themeId,
        serial: listing.serial,
        editionSize: listing.editionSize,
        buyerId,
        sellerId: listing.userId,
        price: listing.price,
        fee,
        status: 'pending',
        createdAt: now,
      });
      return {
        listingId: id,
        itemName: describe(listing),
        itemImage: listing.itemImage,
        unitPriceCents: listing.price,
      };
    },
    async release(tx, order) {
      const now = deps.clock.now();
      const listing = await repo.transition(
        tx,
        order.listingId!,
        ['reserved'],
        { status: 'active', reservedOrderNo: null, counterpartyId: null, updatedAt: now },
        { reservedBy: order.orderNo },
      );
      if (!listing) return false;
      if (!(await items[listing.kind].setStatus(tx, { id: listing.itemId!, from: 'reserved', to: 'listed' })))
        return false;
      await repo.finishOrder(tx, order.orderNo, { status: order.status === 'expired' ? 'expired' : 'cancelled' });
      return true;
    },
    async fulfil(tx, order) {
      const now = deps.clock.now();
      const listing = await repo.transition(
        tx,
        order.listingId!,
        ['reserved'],
        { status: 'sold', closedAt: now, updatedAt: now },
        { reservedBy: order.orderNo },
      );
      if (!listing) throw new AppError('internal', `listing of paid order ${order.orderNo} was not reserved by it`);
      const moved = await items[listing.kind].transfer(tx, {
        id: listing.itemId!,
        fromUserId: listing.userId,
        toUserId: order.buyerId,
        fromStatus: 'reserved',
        priceCents: listing.price,
        refId: order.orderNo,
      });
      if (!moved) throw new AppError('internal', `item of paid order ${order.orderNo} was not reserved`);
      await svc.wallet.post(
        tx,
        'market_sale',
        order.orderNo,
        saleLines(accounts.ordersClearing, listing.userId, listing.price, describe(listing)),
      );
      await repo.finishOrder(tx, order.orderNo, { status: 'completed', completedAt: now });
      deps.log.info({ orderNo: order.orderNo, listingId: listing.id }, 'market sale settled');
      return listing.kind === 'card'
        ? {
            cards: [
              {
                id: listing.itemId!,
                serial: listing.serial!,
                editionSize: listing.editionSize!,
                name: listing.itemName,
                image: listing.itemImage,
                rarity: listing.rarity ?? 'N',
              },
            ],
          }
        : {
            goods: [
              {
                id: listing.itemId!,
                productId: listing.productId!,
                name: listing.itemName,
                image: listing.itemImage,
                type: listing.productType ?? 0,
              },
            ],
          };
    },
  });

  svc.payOrders.registerOrderType('bid', {
    itemId: (input) => input.listingId,
    async availability() {
      return { refusal: () => null };
    },
    async reserve(tx, { buyerId, itemId: id, orderNo }, now) {
      const listing = await repo.transition(
        tx,
        id,
        ['pending_payment'],
        { fundingOrderNo: orderNo, updatedAt: now },
        { unfundedOf: buyerId },
      );
      if (!listing) throw conflict('此求購已付款或已取消', 'closed');
      return {
        listingId: id,
        itemName: `求購：${listing.itemName}`,
        itemImage: listing.itemImage,
        unitPriceCents: listing.price,
      };
    },
    async release(tx, order) {
      const now = deps.clock.now();
      await repo.transition(
        tx,
        order.listingId!,
        ['pending_payment'],
        { status: 'cancelled', closedAt: now, updatedAt: now },
        { fundedBy: order.orderNo },
      );
      return (await repo.listing(tx, order.listingId!))?.fundingOrderNo === order.orderNo;
    },
    async fulfil(tx, order) {
      const now = deps.clock.now();
      const listing = await repo.transition(
        tx,
        order.listingId!,
        ['pending_payment'],
        { status: 'active', expiresAt: new Date(now.getTime() + BUY_LISTING_TTL_MS), updatedAt: now },
        { fundedBy: order.orderNo },
      );
      if (!listing)
        throw new AppError('internal', `buy listing of paid order ${order.orderNo} was not pending payment`);
      await svc.wallet.post(tx, 'bid_funding', order.orderNo, [
        { account: accounts.ordersClearing, amount: -listing.price, kind: 'internal' },
        {
          account: accounts.escrow(order.buyerId),
          amount: listing.price,
          kind: 'bid_escrow',
          description: `求購預付：${listing.itemName}`,
        },
      ]);
      return {};
    },
  });

  /** Buy listing cancelled or expired: the escrow back to the bidder's balance. */
  async function refundBid(tx: Tx, listing: ListingRow, why = '求購退款') {
    await svc.wallet.post(tx, 'bid_refund', listing.id, [
      { account: accounts.escrow(listing.userId), amount: -listing.price, kind: 'bid_escrow' },
      {
        account: accounts.balance(listing.userId),
        amount: listing.price,
        kind: 'bid_refund',
        description: `${why}：${listing.itemName}`,
      },
    ]);
  }

  async function adminViews(rows: ListingRow[]): Promise<AdminListing[]> {
    const users = await svc.auth.profiles(rows.map((r) => r.userId));
    return rows.map((r) => ({
      id: r.id,
      sellType: r.sellType === 0 ? 0 : 1,
      kind: r.kind,
      status: r.status,
      price: r.price,
      itemId: r.itemId,
      cardInfoId: r.cardInfoId,
      productId: r.productId,
      itemName: r.itemName,
      itemImage: r.itemImage,
      serialLabel: serialLabel(r),
      user: {
        id: r.userId,
        nickname: users.get(r.userId)?.nickname ?? '',
        phoneMasked: users.get(r.userId)?.phoneMasked ?? '',
      },
      reservedOrderNo: r.reservedOrderNo,
      takedownReason: r.takedownReason,
      expiresAt: r.expiresAt.toISOString(),
      createdAt: r.createdAt.toISOString(),
      closedAt: r.closedAt?.toISOString() ?? null,
    }));
  }

  return {
    /** `market/create`: a sell listing of an owned item, or a buy listing with its `bid` pay order. */
    async create(
      actor: Actor,
      input: Out<typeof CreateListingBodySchema>,
      idempotencyKey: string | undefined,
    ): Promise<CreateListingResult> {
      const now = deps.clock.now();
      if (input.sell_type === 0) {
        // Someone else's item is not found, whoever asks (before any other rule).
        const item = await ownItem(deps.db, actor.userId, input.kind, input.itemId);
        await requireTrader(deps.db, actor.userId, true);
        const refusal = itemRefusal(item, now);
        if (refusal) throw refusal;
        const listing = await deps.db.transaction(async (tx) => {
          if (
            !(await items[input.kind].setStatus(tx, { id: item.id, from: 'held', to: 'listed', ownerId: actor.userId }))
          ) {
            throw conflict('此物品已在寄售中或已不在你的收藏，請重新整理');
          }
          return repo.insertListing(tx, {
            id: newId('lst'),
            sellType: 0,
            kind: input.kind,
            userId: actor.userId,
            cardInfoId: item.cardInfoId,
            productId: item.productId,
            productType: item.productType,
            itemId: item.id,
            itemName: item.name,
            itemImage: item.image,
            rarity: item.rarity,
            themeId: item.themeId,
            serial: item.serial,
            editionSize: item.editionSize,
            price: input.price,
            status: 'active',
            expiresAt: new Date(now.getTime() + SELL_LISTING_TTL_MS),
            createdAt: now,
            updatedAt: now,
          });
        });
        deps.log.info({ listingId: listing.id, kind: listing.kind }, 'sell listing created');
        return { listing: (await listingViews([listing], actor.userId))[0]!, orderNo: null, payUrl: null };
      }

      if (!idempotencyKey) throw invalid('缺少 Idempotency-Key 標頭，請重新提交');
      await requireTrader(deps.db, actor.userId, false);
      // A retry of the same request answers the same listing and order.
      const previous = await svc.payOrders.byKey(actor.userId, idempotencyKey);
      if (previous?.type === 'bid' && previous.listingId) {
        const listing = await repo.listing(deps.db, previous.listingId);
        if (listing)
          return {
            listing: (await listingViews([listing], actor.userId))[0]!,
            orderNo: previous.orderNo,
            payUrl: previous.status === 'pending' ? previous.payUrl : null,
          };
      }
      const kind = input.kind;
      const target = await read.catalogueItem(deps.db, kind, (kind === 'card' ? input.cardInfoId : input.productId)!);
      if (!target) throw notFound(kind === 'card' ? '找不到此卡牌' : '找不到此商品');
      const listing = await repo.insertListing(deps.db, {
        id: newId('lst'),
        sellType: 1,
        kind,
        userId: actor.userId,
        cardInfoId: kind === 'card' ? target.id : null,
        productId: kind === 'goods' ? target.id : null,
        productType: target.productType,
        itemName: target.name,
        itemImage: target.image,
        rarity: target.rarity,
        themeId: target.themeId,
        editionSize: target.editionSize,
        price: input.price,
        status: 'pending_payment',
        // Set again when paid: a buy listing runs 7 days from its funding.
        expiresAt: new Date(now.getTime() + BUY_LISTING_TTL_MS),
        createdAt: now,
        updatedAt: now,
      });
      const order: PayOrder = await svc.payOrders.create(actor, { type: 'bid', listingId: listing.id }, idempotencyKey);
      const fresh = (await repo.listing(deps.db, listing.id))!;
      return { listing: (await listingViews([fresh], actor.userId))[0]!, orderNo: order.orderNo, payUrl: order.payUrl };
    },

    /** `market/cancel`: the owner takes an open listing back (not while a buyer is paying). */
    async cancel(actor: Actor, id: string): Promise<Listing> {
      const listing = await repo.listing(deps.db, id);
      if (!listing || listing.userId !== actor.userId) throw notFound('找不到此掛單');
      const now = deps.clock.now();
      if (listing.status === 'pending_payment') {
        if (listing.fundingOrderNo) await svc.payOrders.cancel(actor, listing.fundingOrderNo);
        else
          await repo.transition(deps.db, id, ['pending_payment'], {
            status: 'cancelled',
            closedAt: now,
            updatedAt: now,
          });
      } else if (listing.status === 'active') {
        const done = await deps.db.transaction(async (tx) => {
          const cancelled = await repo.transition(tx, id, ['active'], {
            status: 'cancelled',
            closedAt: now,
            updatedAt: now,
          });
          if (!cancelled) return false;
          if (cancelled.sellType === 0) {
            if (!(await items[cancelled.kind].setStatus(tx, { id: cancelled.itemId!, from: 'listed', to: 'held' })))
              throw new AppError('internal', `item of listing ${id} was not listed`);
          } else {
            await refundBid(tx, cancelled);
          }
          return true;
        });
        if (!done) throw await closedRefusal(id);
      } else {
        throw await closedRefusal(id);
      }
      deps.log.info({ listingId: id }, 'listing cancelled');
      return (await listingViews([(await repo.listing(deps.db, id))!], actor.userId))[0]!;
    },

    /** `market/cancelOrder`: the buyer drops an unpaid market order; the listing is open again. */
    async cancelOrder(actor: Actor, orderNo: string) {
      const order = await svc.payOrders.ownOrder(actor.userId, orderNo);
      if (!order || order.type !== 'market') throw notFound('找不到此訂單');
      return svc.payOrders.cancel(actor, orderNo);
    },

    /** `market/confirmOrder`: a holder sells a matching item into an active buy listing, settled at once. */
    async confirmOrder(actor: Actor, input: { listingId: string; itemId: string }): Promise<MarketOrder> {
      const listing = await repo.listing(deps.db, input.listingId);
      if (!listing || listing.sellType !== 1) throw notFound('找不到此求購');
      const item = await ownItem(deps.db, actor.userId, listing.kind, input.itemId);
      if (listing.userId === actor.userId) throw conflict('不能賣給自己的求購', 'own_listing');
      await requireTrader(deps.db, actor.userId, true);
      const now = deps.clock.now();
      if (listing.status !== 'active' || listing.expiresAt <= now) throw conflict('此求購已成交或已結束', 'closed');
      if (
        (listing.kind === 'card' && item.cardInfoId !== listing.cardInfoId) ||
        (listing.kind === 'goods' && item.productId !== listing.productId)
      ) {
        throw conflict(listing.kind === 'card' ? '此卡牌與求購的卡牌不符' : '此物品與求購的商品不符', 'mismatch');
      }
      const refusal = itemRefusal(item, now);
      if (refusal) throw refusal;
      const row = await deps.db.transaction(async (tx) => {
        const sold = await repo.transition(
          tx,
          listing.id,
          ['active'],
          {
            status: 'sold',
            itemId: item.id,
            serial: item.serial,
            counterpartyId: actor.userId,
            closedAt: now,
            updatedAt: now,
          },
          { openAt: now },
        );
        if (!sold) throw conflict('此求購已被其他賣家成交或已結束', 'closed');
        const moved = await items[listing.kind].transfer(tx, {
          id: item.id,
          fromUserId: actor.userId,
          toUserId: listing.userId,
          fromStatus: 'held',
          priceCents: listing.price,
          refId: listing.id,
        });
        if (!moved) throw conflict('此物品已不在你的收藏或正在交易中，請重新整理');
        const what = describe({ itemName: item.name, serial: item.serial, editionSize: item.editionSize });
        await svc.wallet.post(
          tx,
          'bid_fill',
          listing.id,
          saleLines(accounts.escrow(listing.userId), actor.userId, listing.price, what),
        );
        return repo.insertOrder(tx, {
          id: newId('mord'),
          orderNo: listing.fundingOrderNo,
          listingId: listing.id,
          sellType: 1,
          kind: listing.kind,
          cardInfoId: listing.cardInfoId,
          productId: listing.productId,
          itemId: item.id,
          itemName: item.name,
          itemImage: item.image,
          rarity: item.rarity,
          themeId: item.themeId,
          serial: item.serial,
          editionSize: item.editionSize,
          buyerId: listing.userId,
          sellerId: actor.userId,
          price: listing.price,
          fee: marketFee(listing.price).fee,
          status: 'completed',
          createdAt: now,
          completedAt: now,
        });
      });
      deps.log.info({ listingId: listing.id }, 'buy listing filled');
      return (await orderViews([row], actor.userId))[0]!;
    },

    /**
     * `market/list`: open listings, filtered and sorted. The page is the same for every viewer but for
     * `mine`, so the public cache keeps it serialised as seen by nobody, with its sellers: a viewer who
     * sells nothing on the page gets that text as it is (`json`); a seller gets the listings with
     * their own marked.
     */
    async list(
      viewer: Actor | null,
      q: Out<typeof MarketListQuerySchema>,
    ): Promise<{ json: string } | { listings: Listing[] }> {
      const key = `market/list?${JSON.stringify(q)}`;
      const cache = deps.publicCache;
      let json = cache.get(MARKET_TAG, key)?.payload;
      let sellers = cache.get(MARKET_TAG, `${key}#sellers`)?.payload;
      let views: Listing[] | null = null;
      if (json === undefined || sellers === undefined) {
        const tickets = [cache.ticket(MARKET_TAG, key), cache.ticket(MARKET_TAG, `${key}#sellers`)] as const;
        const rows = await repo.listPublic(
          deps.db,
          { ...q, sellType: q.sell_type },
          q.sort,
          deps.clock.now(),
          q.pageSize,
          (q.page - 1) * q.pageSize,
        );
        views = await listingViews(rows, null);
        // Through the route's own answer schema, so the cached text is what the serialiser would have written.
        json = JSON.stringify(ListPageSchema.parse({ code: 200, msg: '', data: views }));
        sellers = JSON.stringify([...new Set(rows.map((r) => r.userId))]);
        await Promise.all([cache.put(tickets[0], json), cache.put(tickets[1], sellers)]);
      }
      const me = viewer?.userId;
      if (!me || !(JSON.parse(sellers) as string[]).includes(me)) return { json };
      views ??= (JSON.parse(json) as { data: Listing[] }).data;
      return { listings: views.map((v) => (v.user.id === me ? { ...v, mine: true } : v)) };
    },

    /** `cardInfo/marketList`, `product/marketList`: one row per card info / product. */
    async rows(kind: 'card' | 'goods', q: Out<typeof MarketRowQuerySchema>): Promise<MarketRow[]> {
      const now = deps.clock.now();
      const rows = await repo.rows(
        deps.db,
        { ...q, kind, sellType: q.sell_type, productType: kind === 'goods' ? q.type : undefined },
        q.sort,
        now,
        q.pageSize,
        (q.page - 1) * q.pageSize,
      );
      const ids = rows.map((r) => r.id);
      const [best, last] = await Promise.all([
        repo.bestPrices(deps.db, kind, ids, now),
        repo.lastSales(deps.db, kind, ids),
      ]);
      return rows.map((r) => {
        const sale = last.get(r.id);
        return {
          id: r.id,
          kind,
          name: r.name,
          image: r.image,
          rarity: r.rarity,
          themeId: r.themeId,
          type: kind === 'goods' ? r.productType : null,
          bestPrice: r.best,
          count: r.count,
          floorPrice: best.get(r.id)?.floor ?? null,
          lastSale: sale ? { price: sale.price, at: sale.at.toISOString() } : null,
        };
      });
    },

    /** `market/detail`: a listing or a card info / product, its sales history and other listings. */
    async detail(viewer: Actor | null, q: Out<typeof MarketDetailQuerySchema>): Promise<MarketDetail> {
      const now = deps.clock.now();
      let listing: ListingRow | null = null;
      let kind: 'card' | 'goods';
      let targetId: string;
      let sellType = q.sell_type;
      if (q.id) {
        listing = await repo.listing(deps.db, q.id);
        // Closed listings stay visible to the two parties only.
        const party =
          viewer && listing && (listing.userId === viewer.userId || listing.counterpartyId === viewer.userId);
        if (!listing || (!['active', 'reserved'].includes(listing.status) && !party)) throw notFound('找不到此掛單');
        kind = listing.kind;
        targetId = (listing.cardInfoId ?? listing.productId)!;
        sellType = listing.sellType === 0 ? 0 : 1;
      } else {
        kind = q.cardInfoId ? 'card' : 'goods';
        targetId = (q.cardInfoId ?? q.productId)!;
      }
      const target = await read.catalogueItem(deps.db, kind, targetId);
      if (!target) throw notFound(kind === 'card' ? '找不到此卡牌' : '找不到此商品');
      const [best, sales, others] = await Promise.all([
        repo.bestPrices(deps.db, kind, [targetId], now),
        repo.sales(deps.db, kind, targetId, SALES_SHOWN),
        repo.listPublic(
          deps.db,
          {
            sellType,
            kind,
            cardInfoId: kind === 'card' ? targetId : undefined,
            productId: kind === 'goods' ? targetId : undefined,
          },
          sellType === 0 ? 'price_asc' : 'price_desc',
          now,
          OTHER_LISTINGS_SHOWN + 1,
          0,
        ),
      ]);
      const views = await listingViews(
        listing ? [listing, ...others.filter((o) => o.id !== listing!.id)] : others,
        viewer?.userId ?? null,
      );
      const saleViews = sales.map((s) => ({ price: s.price, at: s.at!.toISOString() }));
      return {
        listing: listing ? views[0]! : null,
        item: {
          kind,
          id: target.id,
          name: target.name,
          image: target.image,
          description: target.description,
          rarity: target.rarity,
          themeId: target.themeId,
          editionSize: target.editionSize,
        },
        floorPrice: best.get(targetId)?.floor ?? null,
        highestBid: best.get(targetId)?.bid ?? null,
        lastSale: saleViews[0] ?? null,
        sales: saleViews,
        listings: (listing ? views.slice(1) : views).slice(0, OTHER_LISTINGS_SHOWN),
      };
    },

    /** `market/myList`: the user's own listings of one side, any status. */
    async myList(actor: Actor, q: Out<typeof MyListingsQuerySchema>): Promise<Listing[]> {
      const rows = await repo.listingsOf(deps.db, actor.userId, {
        sellType: q.sell_type,
        status: q.status,
        now: deps.clock.now(),
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      return listingViews(rows, actor.userId);
    },

    /** `market/userList`: a seller's open listings. */
    async userList(viewer: Actor | null, q: Out<typeof UserListingsQuerySchema>): Promise<Listing[]> {
      const rows = await repo.listingsOf(deps.db, q.id, {
        sellType: q.sell_type,
        openOnly: true,
        now: deps.clock.now(),
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      return listingViews(rows, viewer?.userId ?? null);
    },

    /** `market/userInfo`: a storefront's header. */
    async userInfo(id: string): Promise<SellerProfile> {
      const u = (await svc.auth.profiles([id])).get(id);
      if (!u || !u.active) throw notFound('找不到此賣家');
      const stats = await repo.sellerStats(deps.db, id, deps.clock.now());
      return {
        id: u.id,
        nickname: u.nickname,
        avatar: u.avatar,
        bio: u.bio,
        verified: await svc.identity.isVerified(deps.db, id),
        ...stats,
        joinedAt: u.createdAt.toISOString(),
      };
    },

    /** `market/canConsignList`: held items out of the cooldown, with floor, highest bid and last sale. */
    async consignable(
      actor: Actor,
      q: { kind: 'card' | 'goods'; page: number; pageSize: number },
    ): Promise<ConsignableItem[]> {
      const now = deps.clock.now();
      const rows = await read.consignable(
        deps.db,
        actor.userId,
        q.kind,
        new Date(now.getTime() - RELIST_COOLDOWN_MS),
        q.pageSize,
        (q.page - 1) * q.pageSize,
      );
      const ids = [...new Set(rows.map((r) => (r.cardInfoId ?? r.productId)!))];
      const [best, last] = await Promise.all([
        repo.bestPrices(deps.db, q.kind, ids, now),
        repo.lastSales(deps.db, q.kind, ids),
      ]);
      return rows.map((r) => {
        const key = (r.cardInfoId ?? r.productId)!;
        const sale = last.get(key);
        return {
          kind: r.kind,
          cardInfoId: r.cardInfoId,
          productId: r.productId,
          itemId: r.id,
          itemName: r.name,
          itemImage: r.image,
          rarity: r.rarity,
          themeId: r.themeId,
          serial: r.serial,
          editionSize: r.editionSize,
          serialLabel: serialLabel(r),
          acquiredAt: r.acquiredAt.toISOString(),
          floorPrice: best.get(key)?.floor ?? null,
          highestBid: best.get(key)?.bid ?? null,
          lastSale: sale ? { price: sale.price, at: sale.at.toISOString() } : null,
        };
      });
    },

    /** `market/orderList`: the user's market orders as buyer or seller. */
    async orderList(actor: Actor, q: Out<typeof MarketOrderListQuerySchema>): Promise<MarketOrder[]> {
      const rows = await repo.orders(deps.db, actor.userId, {
        role: q.role,
        status: q.status,
        kind: q.kind,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      return orderViews(rows, actor.userId);
    },

    /** `card/marketBuyList`, `goods/marketBuyList`: what the user bought on the market. */
    async buyList(actor: Actor, kind: 'card' | 'goods', q: { page: number; pageSize: number }): Promise<MarketOrder[]> {
      const rows = await repo.orders(deps.db, actor.userId, {
        role: 'buyer',
        status: 'completed',
        kind,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      return orderViews(rows, actor.userId);
    },

    /**
     * Expires open listings past their time (sell 30 days: the item is held again; buy 7 days: the
     * escrow goes back to the balance) and drops buy listings whose pay order never opened. Safe on
     * several instances: rows are locked with SKIP LOCKED.
     */
    async expireDue(limit = 200): Promise<number> {
      return deps.db.transaction(async (tx) => {
        const now = deps.clock.now();
        const due = await repo.due(tx, now, new Date(now.getTime() - ORPHAN_AFTER_MS), limit);
        for (const l of due) {
          if (l.status === 'pending_payment') {
            await repo.transition(tx, l.id, ['pending_payment'], {
              status: 'cancelled',
              closedAt: now,
              updatedAt: now,
            });
            continue;
          }
          const expired = await repo.transition(tx, l.id, ['active'], {
            status: 'expired',
            closedAt: now,
            updatedAt: now,
          });
          if (!expired) continue;
          if (expired.sellType === 0)
            await items[expired.kind].setStatus(tx, { id: expired.itemId!, from: 'listed', to: 'held' });
          else await refundBid(tx, expired);
        }
        return due.length;
      });
    },

    /** Operators: listings of any status, newest first. */
    async adminList(
      _operator: Operator,
      q: {
        status?: ListingRow['status'];
        kind?: 'card' | 'goods';
        sellType?: number;
        q?: string;
        page: number;
        pageSize: number;
      },
    ) {
      const { rows, total } = await repo.adminList(
        deps.db,
        { ...q, q: q.q || undefined },
        q.pageSize,
        (q.page - 1) * q.pageSize,
      );
      return { rows: await adminViews(rows), total };
    },

    /**
     * Operators: takes an open listing down with a reason the seller sees (status 已下架). A sell
     * listing's item is held again; a funded buy listing's escrow goes back to the bidder's balance
     * through the ledger; both in one transaction with the audit record. A listing a buyer is paying
     * for (reserved) is refused rather than pulled from under a payment in flight (decision 018).
     */
    async takeDown(operator: Operator, input: { id: string; reason: string }): Promise<AdminListing> {
      const row = await deps.db.transaction(async (tx) => {
        const listing = await repo.listing(tx, input.id, { forUpdate: true });
        if (!listing) throw notFound('找不到此掛單');
        if (listing.status === 'reserved')
          throw conflict('買家正在付款，暫時不能下架；請於訂單完成或逾期（最多 15 分鐘）後再試', 'reserved');
        if (listing.status === 'pending_payment')
          throw conflict('此求購尚未付款，未在市場上公開；未付款會於 15 分鐘後自動取消', 'not_open');
        if (listing.status !== 'active') throw conflict('此掛單已成交或已結束，不能下架', 'closed');
        const now = deps.clock.now();
        const down = await repo.transition(tx, listing.id, ['active'], {
          status: 'taken_down',
          takedownReason: input.reason,
          closedAt: now,
          updatedAt: now,
        });
        if (!down) throw new AppError('internal', `locked active listing ${listing.id} did not move`);
        if (down.sellType === 0) {
          if (!(await items[down.kind].setStatus(tx, { id: down.itemId!, from: 'listed', to: 'held' })))
            throw new AppError('internal', `item of listing ${down.id} was not listed`);
        } else {
          await refundBid(tx, down, '求購被下架退款');
        }
        await svc.audit.record(tx, operator, {
          action: 'listing.take_down',
          targetType: 'listing',
          targetId: down.id,
          before: {
            status: listing.status,
            sellType: listing.sellType,
            price: listing.price,
            userId: listing.userId,
            itemName: listing.itemName,
          },
          after: { status: down.status, takedownReason: down.takedownReason },
        });
        return down;
      });
      deps.log.info({ listingId: row.id, operatorId: operator.userId }, 'listing taken down');
      return (await adminViews([row]))[0]!;
    },

    /** Open (active or reserved) listings (property tests). */
    openListings: () => repo.open(deps.db),
    /** Whether any listing, open or closed, names this card info or product (the catalogue refuses to delete it). */
    hasListingsFor: (db: Executor, item: { cardInfoId: string } | { productId: string }) =>
      repo.anyListingFor(db, item),
    /** Item owners (property tests). */
    itemOwners: () => read.owners(deps.db),
  };

  async function closedRefusal(id: string) {
    const l = await repo.listing(deps.db, id);
    if (l?.status === 'reserved') return conflict('買家正在付款，暫時不能取消此掛單', 'reserved');
    return conflict('此掛單已成交或已結束', 'closed');
  }
}
export type MarketService = ReturnType<typeof createMarketService>;
