import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
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
  requireAdmin,
  requireUser,
  typed,
  userRoutes,
} from '../../http';
import { MARKET_TAG } from './market.service';
import { requestOrigin } from '../../request-origin';

const CreateHeadersSchema = z.object({ [IDEMPOTENCY_HEADER]: IdempotencyKeySchema.optional() });

/** An answer serialised earlier (it passed the route's answer schema then), sent without serialising again. */
const sendSerialised = (res: FastifyReply, json: string) => res.type('application/json; charset=utf-8').send(json);

/** The market's public views: anyone may look. */
export async function marketPublicRoutes(app: FastifyInstance) {
  const r = typed(app);
  const { market } = app.services;
  const tags = ['market'];

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
  r.get(
    '/market/detail',
    { schema: { tags, querystring: MarketDetailQuerySchema, response: reply(MarketDetailSchema) } },
    async (req) => ok(await market.detail(req.actor, req.query)),
  );
  r.get(
    '/market/userList',
    { schema: { tags, querystring: UserListingsQuerySchema, response: reply(z.array(ListingSchema)) } },
    async (req) => ok(await market.userList(req.actor, req.query)),
  );
  r.get(
    '/market/userInfo',
    { schema: { tags, querystring: UserIdQuerySchema, response: reply(SellerProfileSchema) } },
    async (req) => ok(await market.userInfo(req.query.id)),
  );
  // Rows are the same for every caller: answered from the public cache until a listing or sale changes.
  const rowsConfig = { cache: PUBLIC_LIVE, publicCache: MARKET_TAG };
  r.get(
    '/cardInfo/marketList',
    {
      config: rowsConfig,
      schema: { tags, querystring: MarketRowQuerySchema, response: reply(z.array(MarketRowSchema)) },
    },
    async (req) => ok(await market.rows('card', req.query)),
  );
  r.get(
    '/product/marketList',
    {
      config: rowsConfig,
      schema: { tags, querystring: MarketRowQuerySchema, response: reply(z.array(MarketRowSchema)) },
    },
    async (req) => ok(await market.rows('goods', req.query)),
  );
}

/** What a signed-in trader does. */
export async function marketRoutes(app: FastifyInstance) {
  const r = userRoutes(app);
  const { market } = app.services;
  const tags = ['market'];

  // The cheapest way to complete one of the user's started themes, paid by a `set` pay order (decision 042).
  r.get(
    '/theme/completionQuote',
    { schema: { tags, querystring: SetQuoteQuerySchema, response: reply(SetQuoteSchema) } },
    async (req) => ok(await market.completionQuote(requireUser(req), req.query.themeId)),
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
        await market.create(
          requireUser(req),
          req.body,
          req.headers[IDEMPOTENCY_HEADER],
          requestOrigin(app.deps.config, req),
        ),
        req.body.sell_type === 0 ? '已上架寄售' : '求購已建立，請完成付款',
      ),
  );
  r.post(
    '/market/cancel',
    { schema: { tags, body: ListingIdBodySchema, response: reply(ListingSchema) } },
    async (req) => ok(await market.cancel(requireUser(req), req.body.id), '掛單已取消'),
  );
  r.post(
    '/market/cancelOrder',
    { schema: { tags, body: MarketCancelOrderBodySchema, response: reply(PayOrderSchema) } },
    async (req) => ok(await market.cancelOrder(requireUser(req), req.body.orderNo), '訂單已取消'),
  );
  r.post(
    '/market/confirmOrder',
    { schema: { tags, body: ConfirmOrderBodySchema, response: reply(MarketOrderSchema) } },
    async (req) => ok(await market.confirmOrder(requireUser(req), req.body), '已成交，款項已存入你的錢包'),
  );
  r.get(
    '/market/myList',
    { schema: { tags, querystring: MyListingsQuerySchema, response: reply(z.array(ListingSchema)) } },
    async (req) => ok(await market.myList(requireUser(req), req.query)),
  );
  r.get(
    '/market/mine',
    { schema: { tags, querystring: DeskQuerySchema, response: reply(z.array(DeskListingSchema)) } },
    async (req) => ok(await market.mine(requireUser(req), req.query)),
  );
  r.post(
    '/market/editPrice',
    { schema: { tags, body: EditPriceBodySchema, response: reply(DeskListingSchema) } },
    async (req) => ok(await market.editPrice(requireUser(req), req.body), '價格已更新'),
  );
  r.get(
    '/market/orderDetail',
    { schema: { tags, querystring: MarketOrderIdQuerySchema, response: reply(MarketOrderDetailSchema) } },
    async (req) => ok(await market.orderDetail(requireUser(req), req.query.id)),
  );
  r.get(
    '/market/canConsignList',
    { schema: { tags, querystring: ConsignableQuerySchema, response: reply(z.array(ConsignableItemSchema)) } },
    async (req) => ok(await market.consignable(requireUser(req), req.query)),
  );
  r.get(
    '/market/orderList',
    { schema: { tags, querystring: MarketOrderListQuerySchema, response: reply(z.array(MarketOrderSchema)) } },
    async (req) => ok(await market.orderList(requireUser(req), req.query)),
  );
  r.get(
    '/card/marketBuyList',
    { schema: { tags, querystring: MarketBuyListQuerySchema, response: reply(z.array(MarketOrderSchema)) } },
    async (req) => ok(await market.buyList(requireUser(req), 'card', req.query)),
  );
  r.get(
    '/goods/marketBuyList',
    { schema: { tags, querystring: MarketBuyListQuerySchema, response: reply(z.array(MarketOrderSchema)) } },
    async (req) => ok(await market.buyList(requireUser(req), 'goods', req.query)),
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
