import { newId } from '../adapters/ids';
import { addPayoutAccount, giveCard, trader, verify } from '../modules/market/market.fixtures';
import { createProduct } from '../modules/pay-orders/pay-orders.fixtures';
import { accounts } from '../modules/wallet/wallet.service';
import type { TestApp } from '../testing/test-app';
import { addTheme } from '../modules/collection/collection-fixtures';
import { alongside, cardOrder, entry, idempotency, makeOperator, newCardInfo, setUp } from './ownership-kit';
import type { OwnershipEntry, TestUser } from './ownership-kit';
import { SELL_TYPE } from '../../shared/market-labels';

/** The market's, wallet's and identity's routes that take ids (see ownership.ts for the fields). */

/** An active sell listing of `seller`'s fresh card. */
async function sellListing(t: TestApp, seller: TestUser): Promise<string> {
  const card = await giveCard(t, seller.userId, (await newCardInfo(t)).cardInfoId);
  const body = { sell_type: SELL_TYPE.sell, kind: 'card', itemId: card, price: 1_000 };
  return (await setUp<{ listing: { id: string } }>(t, seller.token, 'POST', 'market/create', body)).listing.id;
}

/** Another trader's active sell listing. */
const othersListing = async (t: TestApp) => sellListing(t, await trader(t));

async function asTrader(t: TestApp, owner: TestUser) {
  await verify(t, owner);
  await addPayoutAccount(t, owner.userId);
}

/** The owner made a trader, with an active sell listing. */
async function ownListing(t: TestApp, owner: TestUser): Promise<string> {
  await asTrader(t, owner);
  return sellListing(t, owner);
}

/** An active (paid) buy listing of a third user for a fresh card info. */
async function activeBid(t: TestApp): Promise<{ listingId: string; cardInfoId: string }> {
  const bidder = await trader(t);
  const { cardInfoId } = await newCardInfo(t);
  const body = { sell_type: SELL_TYPE.buy, kind: 'card', cardInfoId, price: 1_000 };
  const created = await setUp<{ listing: { id: string }; orderNo: string }>(
    t,
    bidder.token,
    'POST',
    'market/create',
    body,
    idempotency(),
  );
  await t.app.inject({ method: 'POST', url: `/pay/sandbox/${created.orderNo}/confirm` });
  await setUp(t, bidder.token, 'GET', `payOrder/payCheck?orderNo=${created.orderNo}`);
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
  await makeOperator(t, owner);
  const s = await trader(t);
  await credit(t, s.userId, 20_000);
  t.clock.advance(61_000);
  await setUp(t, s.token, 'POST', 'sms/authSend', { purpose: 'withdraw' });
  const body = { amount: 10_000, code: t.sms.lastCode(s.phone) };
  return (await setUp<{ id: string }>(t, s.token, 'POST', 'payment/withdraw', body)).id;
}

/** A pending order of the owner, who has the balance to pay it. */
async function orderWithBalance(t: TestApp, owner: TestUser): Promise<string> {
  await credit(t, owner.userId, 50_000);
  return cardOrder(t, owner);
}

/** The owner verified, and a pending order of theirs for another trader's listing. */
async function marketOrder(t: TestApp, owner: TestUser): Promise<string> {
  await verify(t, owner);
  const body = { type: 'market', listingId: await othersListing(t) };
  return (await setUp<{ orderNo: string }>(t, owner.token, 'POST', 'payOrder/create', body, idempotency())).orderNo;
}

/** An account number and the SMS code the owner was sent to set it. */
async function payoutRequest(t: TestApp, owner: TestUser) {
  await setUp(t, owner.token, 'POST', 'sms/authSend', { purpose: 'payment' });
  return { accountNo: '1234567', code: t.sms.lastCode(owner.phone) };
}

/** The owner made a trader, an active bid, and a card of the owner's that fills it. */
async function intoBid(t: TestApp, owner: TestUser) {
  await asTrader(t, owner);
  const bid = await activeBid(t);
  return { listingId: bid.listingId, itemId: await giveCard(t, owner.userId, bid.cardInfoId) };
}

/** The owner sold a card into another trader's bid: a completed market order of theirs. */
async function filledOrder(t: TestApp, owner: TestUser): Promise<string> {
  const body = await intoBid(t, owner);
  return (await setUp<{ id: string }>(t, owner.token, 'POST', 'market/confirmOrder', body)).id;
}

/** The owner verified, before `make` names something public. */
const verified =
  (make: (t: TestApp) => Promise<string>) =>
  async (t: TestApp, owner: TestUser): Promise<string> => {
    await verify(t, owner);
    return make(t);
  };

const themeOf = async (t: TestApp) => (await newCardInfo(t)).themeId;
const cardInfoOf = async (t: TestApp) => (await newCardInfo(t)).cardInfoId;
const productOf = (t: TestApp) => createProduct(t.db, { stock: 1, perUserLimit: 1 });
const theirs = async (_t: TestApp, owner: TestUser) => owner.userId;
/** The calls that take an Idempotency-Key. */
const bidding = { headers: idempotency };

/** The owner made a trader who started a theme of two cards; another trader sells the missing one. */
async function startedTheme(t: TestApp, owner: TestUser): Promise<string> {
  await asTrader(t, owner);
  const themeId = newId('thm');
  await addTheme(t, themeId, [{ id: `${themeId}_c1` }, { id: `${themeId}_c2` }]);
  await giveCard(t, owner.userId, `${themeId}_c1`);
  const seller = await trader(t);
  const card = await giveCard(t, seller.userId, `${themeId}_c2`);
  await setUp(t, seller.token, 'POST', 'market/create', {
    sell_type: SELL_TYPE.sell,
    kind: 'card',
    itemId: card,
    price: 1_000,
  });
  return themeId;
}

/** The owner's set quote (decision 042) and its theme: what a `set` pay order names. */
async function setQuote(t: TestApp, owner: TestUser) {
  const themeId = await startedTheme(t, owner);
  const q = await setUp<{ quoteId: string }>(t, owner.token, 'GET', `theme/completionQuote?themeId=${themeId}`);
  return { quoteId: q.quoteId, themeId };
}

/** The owner made a trader, and a theme of two cards to bid for in one step. */
async function themeBids(t: TestApp, owner: TestUser) {
  await asTrader(t, owner);
  const themeId = newId('thm');
  await addTheme(t, themeId, [{ id: `${themeId}_c1` }, { id: `${themeId}_c2` }]);
  return { themeId, cards: [1, 2].map((n) => ({ cardInfoId: `${themeId}_c${n}`, price: 1_000 })) };
}

export const MARKET_OWNERSHIP: OwnershipEntry[] = [
  // Buying names a public listing; B (not verified) is refused, A gets their own order.
  entry('POST /api/payOrder/create', 'listingId', 'public', verified(othersListing), ['orderNo', 'payUrl'], {
    extra: { type: 'market' },
    ...bidding,
  }),
  // A set purchase (decision 042): the quote is the owner's alone (B gets a 404); the theme is public.
  {
    ...alongside('POST /api/payOrder/create', 'quoteId', 'private', setQuote, ['orderNo', 'payUrl'], { type: 'set' }),
    ...bidding,
  },
  {
    ...alongside('POST /api/payOrder/create', 'themeId', 'public', setQuote, ['orderNo', 'payUrl'], { type: 'set' }),
    ...bidding,
  },
  // One-step bids on a theme's cards (decision 042): the theme is public; B (not verified) is refused, A gets the order.
  {
    ...alongside('POST /api/market/createBids', 'themeId', 'public', themeBids, ['orderNo', 'payUrl', 'listings.id']),
    ...bidding,
  },
  // Anyone may name a theme; B, who has not started it, is refused, and never sees A's quote.
  entry('GET /api/theme/completionQuote', 'themeId', 'public', startedTheme, ['quoteId']),
  entry('POST /api/payOrder/payWithBalance', 'orderNo', 'private', orderWithBalance, ['orderNo']),
  // Not an object id, but a field ending in No: the account number is the caller's own; B's wrong code is a 400.
  alongside('POST /api/payment/update', 'accountNo', 'public', payoutRequest, [], {
    method: 'fps',
    accountName: 'CHAN TAI MAN',
  }),
  entry('POST /api/admin/withdrawals/pay', 'id', 'private', withdrawalForOperator, ['accountNo'], {
    extra: { reference: 'FPS-REF-1' },
  }),
  entry('POST /api/admin/withdrawals/reject', 'id', 'private', withdrawalForOperator, ['accountNo'], {
    extra: { reason: '帳戶資料不符' },
  }),
  // Public market views and their filters.
  entry('GET /api/market/list', 'themeId', 'public', themeOf, []),
  entry('GET /api/market/list', 'cardInfoId', 'public', cardInfoOf, []),
  entry('GET /api/market/list', 'productId', 'public', productOf, []),
  entry('GET /api/market/detail', 'id', 'public-view', ownListing, []),
  entry('GET /api/market/detail', 'cardInfoId', 'public', cardInfoOf, []),
  entry('GET /api/market/detail', 'productId', 'public', productOf, []),
  entry('GET /api/market/userList', 'id', 'public-view', theirs, []),
  entry('GET /api/market/userInfo', 'id', 'public-view', theirs, []),
  entry('GET /api/cardInfo/marketList', 'themeId', 'public', themeOf, []),
  entry('GET /api/product/marketList', 'themeId', 'public', themeOf, []),
  // Listing someone else's card: 404.
  entry(
    'POST /api/market/create',
    'itemId',
    'private',
    async (t, owner) => {
      await asTrader(t, owner);
      return giveCard(t, owner.userId, await cardInfoOf(t));
    },
    ['listing.id'],
    { extra: { sell_type: SELL_TYPE.sell, kind: 'card', price: 1_000 } },
  ),
  entry('POST /api/market/create', 'cardInfoId', 'public', verified(cardInfoOf), ['listing.id', 'orderNo'], {
    extra: { sell_type: SELL_TYPE.buy, kind: 'card', price: 1_000 },
    ...bidding,
  }),
  entry('POST /api/market/create', 'productId', 'public', verified(productOf), ['listing.id', 'orderNo'], {
    extra: { sell_type: SELL_TYPE.buy, kind: 'goods', price: 1_000 },
    ...bidding,
  }),
  entry('POST /api/market/cancel', 'id', 'private', ownListing, []),
  entry('POST /api/market/editPrice', 'id', 'private', ownListing, ['version', 'history.kind'], {
    extra: { price: 1_500 },
  }),
  entry('GET /api/market/orderDetail', 'id', 'private', filledOrder, ['id', 'proceeds', 'timeline.label']),
  entry('POST /api/market/cancelOrder', 'orderNo', 'private', marketOrder, ['orderNo']),
  // A buy listing is public: B (no matching item) is refused, A (a holder) fills it.
  alongside('POST /api/market/confirmOrder', 'listingId', 'public', intoBid, ['id']),
  // Selling someone else's card into a bid: 404.
  alongside('POST /api/market/confirmOrder', 'itemId', 'private', intoBid, ['id']),
];
