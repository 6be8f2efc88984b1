import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../../../shared/actor';
import { sideOfSellType } from '../../../shared/market-labels';
import {
  ConfirmOrderBodySchema,
  ConsignableItemSchema,
  ConsignableQuerySchema,
  CreateListingBodySchema,
  CreateListingResultSchema,
  ListingIdBodySchema,
  ListingSchema,
  MarketBuyListQuerySchema,
  MarketCancelOrderBodySchema,
  MarketDetailQuerySchema,
  MarketDetailSchema,
  MarketListQuerySchema,
  MarketOrderListQuerySchema,
  MarketOrderSchema,
  MarketRowQuerySchema,
  MarketRowSchema,
  MyListingsQuerySchema,
  SellerProfileSchema,
  UserIdQuerySchema,
  UserListingsQuerySchema,
} from '../../../shared/schemas/market';
import {
  DeskListingSchema,
  DeskQuerySchema,
  EditPriceBodySchema,
  MarketOrderDetailSchema,
  MarketOrderIdQuerySchema,
} from '../../../shared/schemas/market-desk';
import { CreateSetBidsBodySchema, CreateSetBidsResultSchema } from '../../../shared/schemas/set-bids';
import { SetQuoteQuerySchema, SetQuoteSchema } from '../../../shared/schemas/set-quote';
import { IDEMPOTENCY_HEADER, IdempotencyKeySchema, PayOrderSchema } from '../../../shared/schemas/pay-orders';
import {
  AdminListingListQuerySchema,
  AdminListingSchema,
  AdminTakeDownBodySchema,
} from '../../../shared/schemas/admin-market';
import {
  adminList,
  adminRoutes,
  ok,
  PUBLIC_LIVE,
  reply,
  publicApi,
  requireAdmin,
  requireUser,
  userApi,
} from '../../http';
import { MARKET_TAG } from './market.service';
import { requestOrigin } from '../../request-origin';

const CreateHeadersSchema = z.object({ [IDEMPOTENCY_HEADER]: IdempotencyKeySchema.optional() });

/** An answer serialised earlier (it passed the route's answer schema then), sent without serialising again. */
const sendSerialised = (res: FastifyReply, json: string) => res.type('application/json; charset=utf-8').send(json);

/** The market's public views: anyone may look. */
export async function marketPublicRoutes(app: FastifyInstance) {
  const tags = ['market'];
  const { r, ...api } = publicApi(app, tags);
  const { market } = app.services;

  r.get(
    '/market/list',
    { schema: { tags, querystring: MarketListQuerySchema, response: reply(z.array(ListingSchema)) } },
    async (req, res) => {
      const page = await market.list(req.actor, req.query);
      // Already the serialised answer (from the public cache): sent as it is.
      if ('json' in page) return sendSerialised(res, page.json);
      return ok(page.listings);
    },
  );
  api.get('/market/detail', { querystring: MarketDetailQuerySchema, data: MarketDetailSchema }, (actor, q) =>
    market.detail(actor, q),
  );
  api.get('/market/userList', { querystring: UserListingsQuerySchema, data: z.array(ListingSchema) }, (actor, q) =>
    market.userList(actor, q),
  );
  api.get('/market/userInfo', { querystring: UserIdQuerySchema, data: SellerProfileSchema }, (_, q) =>
    market.userInfo(q.id),
  );
  // Rows are the same for every caller: answered from the public cache until a listing or sale changes.
  const rowsConfig = { cache: PUBLIC_LIVE, publicCache: MARKET_TAG };
  api.get(
    '/cardInfo/marketList',
    { config: rowsConfig, querystring: MarketRowQuerySchema, data: z.array(MarketRowSchema) },
    (_, q) => market.rows('card', q),
  );
  api.get(
    '/product/marketList',
    { config: rowsConfig, querystring: MarketRowQuerySchema, data: z.array(MarketRowSchema) },
    (_, q) => market.rows('goods', q),
  );
}

/** What a signed-in trader does. */
export async function marketRoutes(app: FastifyInstance) {
  const tags = ['market'];
  const { r, ...api } = userApi(app, tags);
  const { market } = app.services;
  /** What a create that may open a checkout is called with: the trader, the body, its Idempotency-Key, the origin. */
  const checkout = <B, H extends { [IDEMPOTENCY_HEADER]?: string }>(
    req: FastifyRequest & { body: B; headers: H },
  ): [Actor, B, H[typeof IDEMPOTENCY_HEADER], string] => [
    requireUser(req),
    req.body,
    req.headers[IDEMPOTENCY_HEADER],
    requestOrigin(app.deps.config, req),
  ];

  // The cheapest way to complete one of the user's started themes, paid by a `set` pay order (decision 042).
  api.get('/theme/completionQuote', { querystring: SetQuoteQuerySchema, data: SetQuoteSchema }, (u, q) =>
    market.completionQuote(u, q.themeId),
  );

  // One-step bids for a theme's cards nobody sells: all funded by one `bids` pay order, or none (decision 042).
  r.post(
    '/market/createBids',
    {
      schema: {
        tags,
        headers: z.object({ [IDEMPOTENCY_HEADER]: IdempotencyKeySchema }),
        body: CreateSetBidsBodySchema,
        response: reply(CreateSetBidsResultSchema),
      },
    },
    async (req) => ok(await market.createBids(...checkout(req)), '求購已建立，請完成付款'),
  );
  r.post(
    '/market/create',
    {
      schema: {
        tags,
        headers: CreateHeadersSchema,
        body: CreateListingBodySchema,
        response: reply(CreateListingResultSchema),
      },
    },
    async (req) =>
      ok(
        await market.create(...checkout(req)),
        sideOfSellType(req.body.sell_type) === 'sell' ? '已上架寄售' : '求購已建立，請完成付款',
      ),
  );
  api.post('/market/cancel', { body: ListingIdBodySchema, data: ListingSchema, msg: '掛單已取消' }, (u, b) =>
    market.cancel(u, b.id),
  );
  api.post(
    '/market/cancelOrder',
    { body: MarketCancelOrderBodySchema, data: PayOrderSchema, msg: '訂單已取消' },
    (u, b) => market.cancelOrder(u, b.orderNo),
  );
  api.post(
    '/market/confirmOrder',
    { body: ConfirmOrderBodySchema, data: MarketOrderSchema, msg: '已成交，款項已存入你的錢包' },
    (u, b) => market.confirmOrder(u, b),
  );
  api.get('/market/myList', { querystring: MyListingsQuerySchema, data: z.array(ListingSchema) }, (u, q) =>
    market.myList(u, q),
  );
  api.get('/market/mine', { querystring: DeskQuerySchema, data: z.array(DeskListingSchema) }, (u, q) =>
    market.mine(u, q),
  );
  api.post('/market/editPrice', { body: EditPriceBodySchema, data: DeskListingSchema, msg: '價格已更新' }, (u, b) =>
    market.editPrice(u, b),
  );
  api.get('/market/orderDetail', { querystring: MarketOrderIdQuerySchema, data: MarketOrderDetailSchema }, (u, q) =>
    market.orderDetail(u, q.id),
  );
  api.get(
    '/market/canConsignList',
    { querystring: ConsignableQuerySchema, data: z.array(ConsignableItemSchema) },
    (u, q) => market.consignable(u, q),
  );
  api.get('/market/orderList', { querystring: MarketOrderListQuerySchema, data: z.array(MarketOrderSchema) }, (u, q) =>
    market.orderList(u, q),
  );
  api.get('/card/marketBuyList', { querystring: MarketBuyListQuerySchema, data: z.array(MarketOrderSchema) }, (u, q) =>
    market.buyList(u, 'card', q),
  );
  api.get('/goods/marketBuyList', { querystring: MarketBuyListQuerySchema, data: z.array(MarketOrderSchema) }, (u, q) =>
    market.buyList(u, 'goods', q),
  );
}

/** Operators' market (PRODUCT.md §8): every listing, and take-downs with a reason the seller sees. */
export async function adminMarketRoutes(app: FastifyInstance) {
  const r = adminRoutes(app);
  const { market } = app.services;
  const tags = ['admin'];

  adminList(
    r,
    '/admin/listings',
    { querystring: AdminListingListQuerySchema, row: AdminListingSchema },
    (operator, query) => market.adminList(operator, query),
  );
  r.post(
    '/admin/listings/takeDown',
    { schema: { tags, body: AdminTakeDownBodySchema, response: reply(AdminListingSchema) } },
    async (req) => ok(await market.takeDown(requireAdmin(req), req.body), '已下架，賣家會看到下架原因'),
  );
}
