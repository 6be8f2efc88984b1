import { formatSerialRange } from '../../../shared/serial';
import { z } from 'zod';
import { RELIST_COOLDOWN_MS } from '../../../shared/constants';
import { envelope } from '../../../shared/envelope';
import { sideOfSellType } from '../../../shared/market-labels';
import {
  ListingSchema,
  type ConsignableItem,
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
import { notFound } from '../../errors';
import type { Actor } from '../auth/auth.service';
import { itemSnapshot } from './item-snapshot';
import { MARKET_TAG, type MarketContext } from './market-context';
import { serialLabel, type MarketPresenters } from './market-presenters';
import type { ListingRow } from './market.repository';
import { paging } from '../../db/queries';

type Out<S extends z.ZodType> = z.output<S>;

/** The whole answer of `market/list`. */
const ListPageSchema = envelope(z.array(ListingSchema));

const SALES_SHOWN = 30;
const OTHER_LISTINGS_SHOWN = 20;

/** The market's public views and a trader's own lists (read only); `market/list` through the public cache. */
export function createMarketViews({ deps, svc, repo, read }: MarketContext, present: MarketPresenters) {
  const { listingViews, orderViews } = present;
  return {
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
          { ...q, sellType: sideOfSellType(q.sell_type) },
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
      const side = sideOfSellType(q.sell_type);
      const rows = await repo.rows(
        deps.db,
        { ...q, kind, sellType: side, productType: kind === 'goods' ? q.type : undefined },
        q.sort,
        now,
        q.pageSize,
        (q.page - 1) * q.pageSize,
      );
      const ids = rows.map((r) => r.id);
      const [best, last, market, bids] = await Promise.all([
        repo.bestPrices(deps.db, kind, ids, now),
        // 最近成交: every trade between users, whatever its way (the sale record, decision 049).
        svc.prices.lastSales(kind, ids),
        svc.prices.marketPrices(kind, ids),
        // The bids side shows its best bid's serial range (a card's, issue 24) and how many it wants (issue 44).
        side === 'buy' ? repo.bestBids(deps.db, kind, ids, now) : new Map(),
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
          marketPrice: market.get(r.id)!,
          bestSerialRange: formatSerialRange(bids.get(r.id)?.serialMin ?? null, bids.get(r.id)?.serialMax ?? null),
          bestWant: bids.has(r.id) ? { quantity: bids.get(r.id)!.quantity, filled: bids.get(r.id)!.filled } : null,
        };
      });
    },

    /** `market/detail`: a listing or a card info / product, its sales history and other listings. */
    async detail(viewer: Actor | null, q: Out<typeof MarketDetailQuerySchema>): Promise<MarketDetail> {
      const now = deps.clock.now();
      let listing: ListingRow | null = null;
      let kind: 'card' | 'goods';
      let targetId: string;
      let sellType = sideOfSellType(q.sell_type);
      if (q.id) {
        listing = await repo.listing(deps.db, q.id);
        // Closed listings stay visible to the two parties only.
        const party =
          viewer && listing && (listing.userId === viewer.userId || listing.counterpartyId === viewer.userId);
        if (!listing || (!['active', 'reserved'].includes(listing.status) && !party)) throw notFound('找不到此掛單');
        kind = listing.kind;
        targetId = (listing.cardInfoId ?? listing.productId)!;
        sellType = listing.sellType;
      } else {
        kind = q.cardInfoId ? 'card' : 'goods';
        targetId = (q.cardInfoId ?? q.productId)!;
      }
      const target = await read.catalogueItem(deps.db, kind, targetId);
      if (!target) throw notFound(kind === 'card' ? '找不到此卡牌' : '找不到此商品');
      const [best, sales, others, market] = await Promise.all([
        repo.bestPrices(deps.db, kind, [targetId], now),
        svc.prices.recentSales(kind, targetId, SALES_SHOWN),
        repo.listPublic(
          deps.db,
          {
            sellType,
            kind,
            cardInfoId: kind === 'card' ? targetId : undefined,
            productId: kind === 'goods' ? targetId : undefined,
          },
          sellType === 'sell' ? 'price_asc' : 'price_desc',
          now,
          OTHER_LISTINGS_SHOWN + 1,
          0,
        ),
        svc.prices.marketPrices(kind, [targetId]),
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
        marketPrice: market.get(targetId)!,
        sales: saleViews,
        listings: (listing ? views.slice(1) : views).slice(0, OTHER_LISTINGS_SHOWN),
      };
    },

    /** `market/myList`: the user's own listings of one side, any status. */
    async myList(actor: Actor, q: Out<typeof MyListingsQuerySchema>): Promise<Listing[]> {
      const rows = await repo.listingsOf(deps.db, actor.userId, {
        sellType: sideOfSellType(q.sell_type),
        status: q.status,
        now: deps.clock.now(),
        ...paging(q),
      });
      return listingViews(rows, actor.userId);
    },

    /** `market/userList`: a seller's open listings. */
    async userList(viewer: Actor | null, q: Out<typeof UserListingsQuerySchema>): Promise<Listing[]> {
      const rows = await repo.listingsOf(deps.db, q.id, {
        sellType: sideOfSellType(q.sell_type),
        openOnly: true,
        now: deps.clock.now(),
        ...paging(q),
      });
      return listingViews(rows, viewer?.userId ?? null);
    },

    /** `market/userInfo`: a storefront's header. */
    async userInfo(id: string): Promise<SellerProfile> {
      const u = (await svc.auth.profiles([id])).get(id);
      if (!u || !u.active) throw notFound('找不到此賣家');
      const [stats, standing] = await Promise.all([
        repo.sellerStats(deps.db, id, deps.clock.now()),
        svc.standing.figures(id),
      ]);
      if (!standing) throw notFound('找不到此賣家');
      return {
        id: u.id,
        nickname: u.nickname,
        avatar: u.avatar,
        bio: u.bio,
        verified: await svc.identity.isVerified(deps.db, id),
        ...stats,
        joinedAt: u.createdAt.toISOString(),
        standing,
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
      const [best, last, market] = await Promise.all([
        repo.bestPrices(deps.db, q.kind, ids, now),
        svc.prices.lastSales(q.kind, ids),
        svc.prices.marketPrices(q.kind, ids),
      ]);
      return rows.map((r) => {
        const key = (r.cardInfoId ?? r.productId)!;
        const sale = last.get(key);
        return {
          ...itemSnapshot(r),
          itemId: r.id,
          serialLabel: serialLabel(r),
          acquiredAt: r.acquiredAt.toISOString(),
          floorPrice: best.get(key)?.floor ?? null,
          highestBid: best.get(key)?.bid ?? null,
          lastSale: sale ? { price: sale.price, at: sale.at.toISOString() } : null,
          marketPrice: market.get(key)!,
        };
      });
    },

    /**
     * `market/orderList`: the user's trades as buyer or seller, whatever their way (a completed one is its sale,
     * decision 049), and their purchases not completed.
     */
    async orderList(actor: Actor, q: Out<typeof MarketOrderListQuerySchema>): Promise<MarketOrder[]> {
      const rows = await read.trades(deps.db, actor.userId, {
        role: q.role,
        status: q.status,
        kind: q.kind,
        ...paging(q),
      });
      return orderViews(rows, actor.userId);
    },

    /** `card/marketBuyList`, `goods/marketBuyList`: what the user bought from other users, whatever the way. */
    async buyList(actor: Actor, kind: 'card' | 'goods', q: { page: number; pageSize: number }): Promise<MarketOrder[]> {
      const rows = await read.trades(deps.db, actor.userId, {
        role: 'buyer',
        status: 'completed',
        kind,
        ...paging(q),
      });
      return orderViews(rows, actor.userId);
    },
  };
}
