import { eq } from 'drizzle-orm';
import { newId } from '../adapters/ids';
import { users } from '../db/schema';
import { addTheme } from '../modules/collection/collection-fixtures';
import { freshKey, giveCard, trader, verify, addPayoutAccount } from '../modules/market/market.fixtures';
import { createDrop, createProduct } from '../modules/pay-orders/pay-orders.fixtures';
import { accounts } from '../modules/wallet/wallet.service';
import type { TestApp } from '../testing/test-app';
import type { OwnershipEntry, TestUser } from './ownership';

/** The market's, wallet's and identity's routes that take ids (see ownership.ts for the fields). */

const idempotency = () => ({ 'idempotency-key': freshKey() });

async function inject<T>(
  t: TestApp,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await t.app.inject({
    method,
    url: `/api/${url}`,
    headers: { authorization: `Bearer ${token}`, ...headers },
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`set-up: ${url} answered ${res.statusCode} ${res.body}`);
  return res.json().data as T;
}

async function newCardInfo(t: TestApp): Promise<{ themeId: string; cardInfoId: string }> {
  const themeId = newId('thm');
  await addTheme(t, themeId, [{ id: `${themeId}_c1` }]);
  return { themeId, cardInfoId: `${themeId}_c1` };
}

/** An active sell listing of `seller`'s fresh card. */
async function sellListing(t: TestApp, seller: TestUser): Promise<string> {
  const { cardInfoId } = await newCardInfo(t);
  const card = await giveCard(t, seller.userId, cardInfoId);
  return (
    await inject<{ listing: { id: string } }>(t, seller.token, 'POST', 'market/create', {
      sell_type: 0,
      kind: 'card',
      itemId: card,
      price: 1_000,
    })
  ).listing.id;
}

async function asTrader(t: TestApp, owner: TestUser) {
  await verify(t, owner);
  await addPayoutAccount(t, owner.userId);
}

/** An active (paid) buy listing of a third user for a fresh card info. */
async function activeBid(t: TestApp): Promise<{ listingId: string; cardInfoId: string }> {
  const bidder = await trader(t);
  const { cardInfoId } = await newCardInfo(t);
  const created = await inject<{ listing: { id: string }; orderNo: string }>(
    t,
    bidder.token,
    'POST',
    'market/create',
    { sell_type: 1, kind: 'card', cardInfoId, price: 1_000 },
    idempotency(),
  );
  await t.app.inject({ method: 'POST', url: `/pay/sandbox/${created.orderNo}/confirm` });
  await inject(t, bidder.token, 'GET', `payOrder/payCheck?orderNo=${created.orderNo}`);
  return { listingId: created.listing.id, cardInfoId };
}

async function credit(t: TestApp, userId: string, amount: number) {
  await t.db.transaction((tx) =>
    t.app.services.wallet.post(tx, 'test_credit', newId('tc'), [
      { account: accounts.providerClearing, amount: -amount, kind: 'internal' },
      { account: accounts.balance(userId), amount, kind: 'sale', description: 'test' },
    ]),
  );
}

/** A withdrawal of a third user, and the owner made an operator. */
async function withdrawalForOperator(t: TestApp, owner: TestUser): Promise<string> {
  await t.db
    .update(users)
    .set({ roles: ['user', 'admin'] })
    .where(eq(users.id, owner.userId));
  t.app.services.auth.sessionsChanged(owner.userId);
  const s = await trader(t);
  await credit(t, s.userId, 20_000);
  t.clock.advance(61_000);
  await inject(t, s.token, 'POST', 'sms/authSend', { purpose: 'withdraw' });
  const w = await inject<{ id: string }>(t, s.token, 'POST', 'payment/withdraw', {
    amount: 10_000,
    code: lastCode(t, s.phone),
  });
  return w.id;
}

const lastCode = (t: TestApp, phone: string) => t.sms.lastCode(phone);

let payoutCode = '';
let confirmListing = '';
let confirmItem = '';

export const MARKET_OWNERSHIP: OwnershipEntry[] = [
  // Buying names a public listing; B (not verified) is refused, A gets their own order.
  {
    route: 'POST /api/payOrder/create',
    param: 'listingId',
    kind: 'public',
    create: async (t, owner) => {
      await verify(t, owner);
      return sellListing(t, await trader(t));
    },
    privateFields: ['orderNo', 'payUrl'],
    extra: { type: 'market' },
    headers: idempotency,
  },
  {
    route: 'POST /api/payOrder/payWithBalance',
    param: 'orderNo',
    kind: 'private',
    create: async (t, owner) => {
      const drop = await createDrop(t.db, {
        editionSize: 100,
        perUserLimit: 5,
        saleStartsAt: new Date(t.clock.now().getTime() - 3600_000),
      });
      await credit(t, owner.userId, 50_000);
      return (
        await inject<{ orderNo: string }>(
          t,
          owner.token,
          'POST',
          'payOrder/create',
          { type: 'card', cardInfoId: drop, quantity: 1 },
          idempotency(),
        )
      ).orderNo;
    },
    privateFields: ['orderNo'],
  },
  // Not an object id, but a field ending in No: the account number is the caller's own; B's wrong code is a 400.
  {
    route: 'POST /api/payment/update',
    param: 'accountNo',
    kind: 'public',
    create: async (t, owner) => {
      await inject(t, owner.token, 'POST', 'sms/authSend', { purpose: 'payment' });
      payoutCode = t.sms.lastCode(owner.phone);
      return '1234567';
    },
    privateFields: [],
    extra: {
      method: 'fps',
      accountName: 'CHAN TAI MAN',
      get code() {
        return payoutCode;
      },
    },
  },
  {
    route: 'POST /api/admin/withdrawals/pay',
    param: 'id',
    kind: 'private',
    create: withdrawalForOperator,
    privateFields: ['accountNo'],
    extra: { reference: 'FPS-REF-1' },
  },
  {
    route: 'POST /api/admin/withdrawals/reject',
    param: 'id',
    kind: 'private',
    create: withdrawalForOperator,
    privateFields: ['accountNo'],
    extra: { reason: '帳戶資料不符' },
  },
  // Public market views and their filters.
  {
    route: 'GET /api/market/list',
    param: 'themeId',
    kind: 'public',
    create: async (t) => (await newCardInfo(t)).themeId,
    privateFields: [],
  },
  {
    route: 'GET /api/market/list',
    param: 'cardInfoId',
    kind: 'public',
    create: async (t) => (await newCardInfo(t)).cardInfoId,
    privateFields: [],
  },
  {
    route: 'GET /api/market/list',
    param: 'productId',
    kind: 'public',
    create: async (t) => createProduct(t.db, { stock: 1, perUserLimit: 1 }),
    privateFields: [],
  },
  {
    route: 'GET /api/market/detail',
    param: 'id',
    kind: 'public-view',
    create: async (t, owner) => {
      await asTrader(t, owner);
      return sellListing(t, owner);
    },
    privateFields: [],
  },
  {
    route: 'GET /api/market/detail',
    param: 'cardInfoId',
    kind: 'public',
    create: async (t) => (await newCardInfo(t)).cardInfoId,
    privateFields: [],
  },
  {
    route: 'GET /api/market/detail',
    param: 'productId',
    kind: 'public',
    create: async (t) => createProduct(t.db, { stock: 1, perUserLimit: 1 }),
    privateFields: [],
  },
  {
    route: 'GET /api/market/userList',
    param: 'id',
    kind: 'public-view',
    create: async (_t, owner) => owner.userId,
    privateFields: [],
  },
  {
    route: 'GET /api/market/userInfo',
    param: 'id',
    kind: 'public-view',
    create: async (_t, owner) => owner.userId,
    privateFields: [],
  },
  {
    route: 'GET /api/cardInfo/marketList',
    param: 'themeId',
    kind: 'public',
    create: async (t) => (await newCardInfo(t)).themeId,
    privateFields: [],
  },
  {
    route: 'GET /api/product/marketList',
    param: 'themeId',
    kind: 'public',
    create: async (t) => (await newCardInfo(t)).themeId,
    privateFields: [],
  },
  // Listing someone else's card: 404.
  {
    route: 'POST /api/market/create',
    param: 'itemId',
    kind: 'private',
    create: async (t, owner) => {
      await asTrader(t, owner);
      return giveCard(t, owner.userId, (await newCardInfo(t)).cardInfoId);
    },
    privateFields: ['listing.id'],
    extra: { sell_type: 0, kind: 'card', price: 1_000 },
  },
  {
    route: 'POST /api/market/create',
    param: 'cardInfoId',
    kind: 'public',
    create: async (t, owner) => {
      await verify(t, owner);
      return (await newCardInfo(t)).cardInfoId;
    },
    privateFields: ['listing.id', 'orderNo'],
    extra: { sell_type: 1, kind: 'card', price: 1_000 },
    headers: idempotency,
  },
  {
    route: 'POST /api/market/create',
    param: 'productId',
    kind: 'public',
    create: async (t, owner) => {
      await verify(t, owner);
      return createProduct(t.db, { stock: 1, perUserLimit: 1 });
    },
    privateFields: ['listing.id', 'orderNo'],
    extra: { sell_type: 1, kind: 'goods', price: 1_000 },
    headers: idempotency,
  },
  {
    route: 'POST /api/market/cancel',
    param: 'id',
    kind: 'private',
    create: async (t, owner) => {
      await asTrader(t, owner);
      return sellListing(t, owner);
    },
    privateFields: [],
  },
  {
    route: 'POST /api/market/cancelOrder',
    param: 'orderNo',
    kind: 'private',
    create: async (t, owner) => {
      await verify(t, owner);
      const listingId = await sellListing(t, await trader(t));
      return (
        await inject<{ orderNo: string }>(
          t,
          owner.token,
          'POST',
          'payOrder/create',
          { type: 'market', listingId },
          idempotency(),
        )
      ).orderNo;
    },
    privateFields: ['orderNo'],
  },
  // A buy listing is public: B (no matching item) is refused, A (a holder) fills it.
  {
    route: 'POST /api/market/confirmOrder',
    param: 'listingId',
    kind: 'public',
    create: async (t, owner) => {
      await asTrader(t, owner);
      const bid = await activeBid(t);
      confirmItem = await giveCard(t, owner.userId, bid.cardInfoId);
      return bid.listingId;
    },
    privateFields: ['id'],
    extra: {
      get itemId() {
        return confirmItem;
      },
    },
  },
  // Selling someone else's card into a bid: 404.
  {
    route: 'POST /api/market/confirmOrder',
    param: 'itemId',
    kind: 'private',
    create: async (t, owner) => {
      await asTrader(t, owner);
      const bid = await activeBid(t);
      confirmListing = bid.listingId;
      return giveCard(t, owner.userId, bid.cardInfoId);
    },
    privateFields: ['id'],
    extra: {
      get listingId() {
        return confirmListing;
      },
    },
  },
];
