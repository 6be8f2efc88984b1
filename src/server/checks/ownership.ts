import { newId } from '../adapters/ids';
import { addTheme, give } from '../modules/collection/collection-fixtures';
import { createDrop, createProduct } from '../modules/pay-orders/pay-orders.fixtures';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { addProduct, addressBody, giveGoods } from '../modules/shipments/shipments.fixtures';
import type { TestApp } from '../testing/test-app';
import { MARKET_OWNERSHIP } from './ownership-market';
import { ADMIN_OWNERSHIP } from './ownership-admin';
import { ADMIN_API_OWNERSHIP } from './ownership-admin-api';

/**
 * The ownership of every id a route takes (issue 7 §2), in one table. The ownership check
 * (ownership.test.ts) makes each object as user A, calls the route as user B, and fails for any route
 * under /api that takes an id-like field (query or body, name ending in id/Id/No/ids/Ids) with no entry here.
 *
 * Adding a route that takes an id: add one entry, with
 * - `kind`: `private` (another user's id answers 404: orders, addresses, shipments),
 *   `public-view` (another user sees the public view only: a card's page), or
 *   `public` (the id names something public, catalogue or article, or a filter: any user may send it, and the
 *   answer carries only the caller's own rows);
 * - `create`: makes the object as A through the API or the test fixtures, and answers its id;
 * - `privateFields`: paths in A's own answer (`data`) whose values B must never receive; A's phone number is
 *   always checked as well.
 */
export type OwnershipKind = 'private' | 'public-view' | 'public';

export interface TestUser {
  userId: string;
  token: string;
  phone: string;
}

export interface OwnershipEntry {
  /** `GET /api/payOrder/info` */
  route: string;
  /** The id-like field, in the query string (GET) or the body (POST). */
  param: string;
  kind: OwnershipKind;
  /** Makes the object as `owner` and answers the id the route takes (a list for a field of ids, e.g. `goodsIds`). */
  create(t: TestApp, owner: TestUser): Promise<string | string[]>;
  /** Paths in the owner's answer data (`cards.id`, `provenance.priceCents`) that are the owner's alone. */
  privateFields: string[];
  /** The rest of a valid request, besides the id (`create` may fill it in, e.g. the owner's address). */
  extra?: Record<string, unknown>;
  /** Headers of a valid request (a fresh Idempotency-Key…). */
  headers?: () => Record<string, string>;
}

let keySeq = 0;
const idempotency = () => ({ 'idempotency-key': `ownership-${Date.now()}-${keySeq++}` });

async function orderOf(t: TestApp, owner: TestUser, body: object): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payOrder/create',
    headers: { authorization: `Bearer ${owner.token}`, ...idempotency() },
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`set-up: payOrder/create answered ${res.statusCode} ${res.body}`);
  return res.json().data.orderNo as string;
}

/** A pending order of the owner for a fresh card drop. */
async function pendingOrder(t: TestApp, owner: TestUser): Promise<string> {
  const drop = await createDrop(t.db, {
    editionSize: 100,
    perUserLimit: 5,
    saleStartsAt: new Date(t.clock.now().getTime() - 3600_000),
  });
  return orderOf(t, owner, { type: 'card', cardInfoId: drop, quantity: 1 });
}

/** A paid order of the owner (through the sandbox checkout and its webhook), for a fresh drop. */
async function paidOrder(t: TestApp, owner: TestUser): Promise<{ orderNo: string; cardInfoId: string }> {
  const cardInfoId = await createDrop(t.db, {
    editionSize: 100,
    perUserLimit: 5,
    saleStartsAt: new Date(t.clock.now().getTime() - 3600_000),
  });
  const orderNo = await orderOf(t, owner, { type: 'card', cardInfoId, quantity: 1 });
  const res = await t.app.inject({ method: 'POST', url: `/pay/sandbox/${orderNo}/confirm` });
  if (res.statusCode !== 303) throw new Error(`set-up: sandbox confirm answered ${res.statusCode}`);
  return { orderNo, cardInfoId };
}

/** A card the owner bought (so its provenance carries the price the owner paid). */
async function boughtCard(t: TestApp, owner: TestUser): Promise<string> {
  const { orderNo } = await paidOrder(t, owner);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/payOrder/info?orderNo=${orderNo}`,
    headers: { authorization: `Bearer ${owner.token}` },
  });
  const card = res.json().data.cards[0] as { id: string } | undefined;
  if (!card) throw new Error(`set-up: paid order ${orderNo} has no card: ${res.body}`);
  return card.id;
}

/** A theme whose every card the owner holds (a set ready to exchange for its B card). */
async function completeSet(t: TestApp, owner: TestUser): Promise<string> {
  const id = newId('thm');
  const cards = [1, 2, 3].map((i) => ({ id: `${id}_c${i}` }));
  await addTheme(t, id, cards, { id: `${id}_b` });
  for (const c of cards) await give(t, owner.userId, c.id);
  return id;
}

export const OWNERSHIP: OwnershipEntry[] = [
  // Orders: private to their buyer.
  {
    route: 'GET /api/payOrder/info',
    param: 'orderNo',
    kind: 'private',
    create: pendingOrder,
    privateFields: ['orderNo', 'payUrl'],
  },
  {
    route: 'GET /api/payOrder/payCheck',
    param: 'orderNo',
    kind: 'private',
    create: pendingOrder,
    privateFields: ['orderNo', 'payUrl'],
  },
  {
    route: 'POST /api/payOrder/cancel',
    param: 'orderNo',
    kind: 'private',
    create: pendingOrder,
    privateFields: ['orderNo'],
  },
  {
    route: 'GET /api/payOrder/list',
    param: 'itemId',
    kind: 'public',
    create: async (t, owner) => (await paidOrder(t, owner)).cardInfoId,
    privateFields: ['orderNo', 'cards.id'],
  },
  // Orders name catalogue items, which anyone may buy; the answer is the caller's own order.
  {
    route: 'POST /api/payOrder/create',
    param: 'cardInfoId',
    kind: 'public',
    create: async (t, owner) => (await paidOrder(t, owner)).cardInfoId,
    privateFields: ['orderNo', 'payUrl'],
    extra: { type: 'card', quantity: 1 },
    headers: idempotency,
  },
  {
    route: 'POST /api/payOrder/create',
    param: 'productId',
    kind: 'public',
    create: async (t, owner) => {
      const productId = await createProduct(t.db, { stock: 100, perUserLimit: 5 });
      await orderOf(t, owner, { type: 'product', productId, quantity: 1 });
      return productId;
    },
    privateFields: ['orderNo', 'payUrl'],
    extra: { type: 'product', quantity: 1 },
    headers: idempotency,
  },
  // Cards: anyone sees a card's public page; the price paid is the owner's (and the seller's) alone.
  {
    route: 'GET /api/card/detail',
    param: 'id',
    kind: 'public-view',
    create: boughtCard,
    privateFields: ['provenance.priceCents'],
  },
  // A set exchange names a theme (public); B's call must never consume A's cards.
  {
    route: 'POST /api/card/exchangeBCard',
    param: 'themeId',
    kind: 'public',
    create: completeSet,
    privateFields: ['bCard.id', 'consumed.id'],
  },
  // Filters by a public theme: the answer lists the caller's own cards only.
  {
    route: 'GET /api/card/collection',
    param: 'themeId',
    kind: 'public',
    create: async (t, owner) => {
      const id = newId('thm');
      await addTheme(t, id, [{ id: `${id}_c1` }]);
      await give(t, owner.userId, `${id}_c1`);
      return id;
    },
    privateFields: ['id'],
  },
  // The catalogue and articles are public: no owner.
  {
    route: 'GET /api/cardInfo/list',
    param: 'themeId',
    kind: 'public',
    create: async (t) => (await plainTheme(t)).themeId,
    privateFields: [],
  },
  {
    route: 'GET /api/cardInfo/detail',
    param: 'id',
    kind: 'public',
    create: async (t) => (await plainTheme(t)).cardInfoId,
    privateFields: [],
  },
  {
    route: 'GET /api/product/detail',
    param: 'id',
    kind: 'public',
    create: async (t) => createProduct(t.db, { stock: 10, perUserLimit: 1 }),
    privateFields: [],
  },
  { route: 'GET /api/article/detail', param: 'id', kind: 'public', create: firstArticle, privateFields: [] },
  // Addresses, goods and shipments: private to their owner.
  {
    route: 'POST /api/address/update',
    param: 'id',
    kind: 'private',
    create: ownAddress,
    privateFields: ['id', 'createdAt'],
    extra: addressBody({ recipient: '改名收件人', detail: '改過的地址 8 樓' }),
  },
  {
    route: 'POST /api/address/setDefault',
    param: 'id',
    kind: 'private',
    create: ownAddress,
    privateFields: ['recipient', 'detail'],
  },
  { route: 'POST /api/address/delete', param: 'id', kind: 'private', create: ownAddress, privateFields: ['id'] },
  {
    route: 'GET /api/goods/detail',
    param: 'id',
    kind: 'private',
    create: async (t, owner) => (await physicalGoods(t, owner))[0]!,
    privateFields: ['id', 'acquiredAt'],
  },
  // B sends A's goods to A's address: refused as not B's (the goods service also checks each unit's owner).
  (() => {
    const extra: Record<string, unknown> = {};
    return {
      route: 'POST /api/goods/delivery',
      param: 'goodsIds',
      kind: 'private' as const,
      create: async (t: TestApp, owner: TestUser) => {
        extra.addressId = await ownAddress(t, owner);
        return physicalGoods(t, owner);
      },
      extra,
      privateFields: ['shipmentNo', 'address.recipient'],
    };
  })(),
  (() => {
    const extra: Record<string, unknown> = {};
    return {
      route: 'POST /api/goods/delivery',
      param: 'addressId',
      kind: 'private' as const,
      create: async (t: TestApp, owner: TestUser) => {
        extra.goodsIds = await physicalGoods(t, owner);
        return ownAddress(t, owner);
      },
      extra,
      privateFields: ['shipmentNo', 'address.recipient'],
    };
  })(),
  {
    route: 'GET /api/logistic/detail',
    param: 'id',
    kind: 'private',
    create: async (t, owner) => ownShipment(t, owner),
    privateFields: ['shipmentNo', 'address.recipient', 'address.detail'],
  },
  // Operators' shipment routes: the owner here is an operator; B (not one) gets 404 whatever the id.
  {
    route: 'GET /api/admin/shipments/detail',
    param: 'id',
    kind: 'private',
    create: operatorShipment('pending'),
    privateFields: ['shipmentNo', 'userId', 'address.recipient'],
  },
  {
    route: 'POST /api/admin/shipments/pack',
    param: 'id',
    kind: 'private',
    create: operatorShipment('pending'),
    privateFields: ['shipmentNo', 'userId'],
  },
  {
    route: 'POST /api/admin/shipments/ship',
    param: 'id',
    kind: 'private',
    create: operatorShipment('pending'),
    privateFields: ['shipmentNo', 'userId'],
    extra: { carrier: '順豐速運', trackingNumber: 'SF0000000001' },
  },
  {
    route: 'POST /api/admin/shipments/deliver',
    param: 'id',
    kind: 'private',
    create: operatorShipment('shipped'),
    privateFields: ['shipmentNo', 'userId'],
  },
  {
    route: 'POST /api/admin/shipments/cancel',
    param: 'id',
    kind: 'private',
    create: operatorShipment('pending'),
    privateFields: ['shipmentNo', 'userId'],
  },
  // Market, wallet and identity (src/server/checks/ownership-market.ts).
  ...MARKET_OWNERSHIP,
  // The back office: users, identities, market take-downs, the audit log (src/server/checks/ownership-admin.ts).
  ...ADMIN_OWNERSHIP,
  // Back office: catalogue, code batches, content (src/server/checks/ownership-admin-api.ts).
  ...ADMIN_API_OWNERSHIP,
];

/** An address in the owner's book, with a recipient nobody else uses. */
async function ownAddress(t: TestApp, owner: TestUser): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/address/add',
    headers: { authorization: `Bearer ${owner.token}` },
    payload: addressBody({ recipient: `收件人${owner.userId.slice(-6)}` }),
  });
  if (res.statusCode !== 200) throw new Error(`set-up: address/add answered ${res.statusCode} ${res.body}`);
  return res.json().data.id as string;
}

/** A held physical goods unit of the owner. */
async function physicalGoods(t: TestApp, owner: TestUser): Promise<string[]> {
  return giveGoods(t, owner.userId, await addProduct(t, { type: 1 }));
}

/** A shipment of the owner's goods to the owner's address. */
async function ownShipment(t: TestApp, owner: TestUser): Promise<string> {
  const goodsIds = await physicalGoods(t, owner);
  const addressId = await ownAddress(t, owner);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/goods/delivery',
    headers: { authorization: `Bearer ${owner.token}` },
    payload: { goodsIds, addressId },
  });
  if (res.statusCode !== 200) throw new Error(`set-up: goods/delivery answered ${res.statusCode} ${res.body}`);
  return res.json().data.id as string;
}

/** Makes the owner an operator and answers a customer's shipment in `status` (pending, or packed and shipped). */
function operatorShipment(status: 'pending' | 'shipped') {
  return async (t: TestApp, owner: TestUser): Promise<string> => {
    await t.db
      .update(users)
      .set({ roles: ['user', 'admin'] })
      .where(eq(users.id, owner.userId));
    t.app.services.auth.sessionsChanged(owner.userId);
    const customerId = (
      await t.app.services.auth.ensureUser(`+8529${String(Date.now() % 10_000_000).padStart(7, '0')}`)
    ).id;
    const customer = {
      userId: customerId,
      token: (await t.app.services.auth.startSession(customerId)).token,
      phone: '',
    };
    const id = await ownShipment(t, customer);
    if (status === 'shipped') {
      const operator = { userId: owner.userId, sessionId: '', roles: ['admin'], requestId: 'ownership-set-up' };
      await t.app.services.shipments.pack(operator, id);
      await t.app.services.shipments.ship(operator, { id, carrier: '順豐速運', trackingNumber: 'SF0000000002' });
    }
    return id;
  };
}

async function plainTheme(t: TestApp): Promise<{ themeId: string; cardInfoId: string }> {
  const themeId = newId('thm');
  await addTheme(t, themeId, [{ id: `${themeId}_c1` }]);
  return { themeId, cardInfoId: `${themeId}_c1` };
}

async function firstArticle(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/article/list' });
  const first = (res.json().data as { id: string }[])[0];
  if (!first) throw new Error('set-up: no article (the ownership check seeds the demo content)');
  return first.id;
}
