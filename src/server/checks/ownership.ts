import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { newId } from '../adapters/ids';
import { notificationOutbox } from '../db/schema';
import { addTheme, give } from '../modules/collection/collection-fixtures';
import { createProduct } from '../modules/pay-orders/pay-orders.fixtures';
import type { TestApp } from '../testing/test-app';
import { ADMIN_OWNERSHIP } from './ownership-admin';
import { ADMIN_API_OWNERSHIP } from './ownership-admin-api';
import { DELIVERY_OWNERSHIP } from './ownership-delivery';
import { cardOrder, entry, idempotency, makeOperator, newCardInfo, openDrop, setUp } from './ownership-kit';
import type { OwnershipEntry, TestUser } from './ownership-kit';
import { MARKET_OWNERSHIP } from './ownership-market';
import { OFFER_OWNERSHIP } from './ownership-offers';
import { PACK_OWNERSHIP } from './ownership-packs';
import { STANDING_OWNERSHIP } from './ownership-standing';
import { QUEUE_OWNERSHIP } from './ownership-queue';

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
export type { OwnershipEntry, OwnershipKind, TestUser } from './ownership-kit';

/** A pending order of the owner for a fresh card drop. */
const pendingOrder = (t: TestApp, owner: TestUser) => cardOrder(t, owner);

/** A paid order of the owner (through the sandbox checkout and its webhook), for a fresh drop. */
async function paidOrder(t: TestApp, owner: TestUser): Promise<{ orderNo: string; cardInfoId: string }> {
  const cardInfoId = await openDrop(t);
  const orderNo = await cardOrder(t, owner, cardInfoId);
  const res = await t.app.inject({ method: 'POST', url: `/pay/sandbox/${orderNo}/confirm` });
  if (res.statusCode !== 303) throw new Error(`set-up: sandbox confirm answered ${res.statusCode}`);
  return { orderNo, cardInfoId };
}

const paidDrop = async (t: TestApp, owner: TestUser) => (await paidOrder(t, owner)).cardInfoId;

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

/** A card the owner bought and made public at its page. */
async function publicCard(t: TestApp, owner: TestUser): Promise<string> {
  const id = await boughtCard(t, owner);
  await setUp(t, owner.token, 'POST', 'card/public', { id, public: true });
  return id;
}

/** A theme whose every card the owner holds (a set ready to exchange for its B card). */
async function completeSet(t: TestApp, owner: TestUser): Promise<string> {
  const id = newId('thm');
  const cards = [1, 2, 3].map((i) => ({ id: `${id}_c${i}` }));
  await addTheme(t, id, cards, { id: `${id}_b` });
  for (const c of cards) await give(t, owner.userId, c.id);
  return id;
}

/** A theme one of whose cards the owner holds. */
async function heldTheme(t: TestApp, owner: TestUser): Promise<string> {
  const { themeId, cardInfoId } = await newCardInfo(t);
  await give(t, owner.userId, cardInfoId);
  return themeId;
}

/** A product the owner ordered. */
async function orderedProduct(t: TestApp, owner: TestUser): Promise<string> {
  const productId = await createProduct(t.db, { stock: 100, perUserLimit: 5 });
  await setUp(t, owner.token, 'POST', 'payOrder/create', { type: 'product', productId, quantity: 1 }, idempotency());
  return productId;
}

/** A notification written to the owner, as an event's transaction would. */
async function notificationOf(t: TestApp, owner: TestUser): Promise<string[]> {
  const n = await t.app.deps.db.transaction((tx) =>
    t.app.services.notifications.notify(tx, owner.userId, 'identityRevoked', { reason: '測試' }),
  );
  return [n.id];
}

/** A push subscription of the owner's browser (an endpoint on a fake push service; nothing is sent to it). */
async function pushDevice(t: TestApp, owner: TestUser): Promise<string> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  const endpoint = `http://127.0.0.1:9/push/${newId('dev')}`;
  return (await setUp<{ id: string }>(t, owner.token, 'POST', 'push/subscribe', { endpoint, keys })).id;
}

/** An outbox row delivery gave up on, of a notification to the owner, who is made an operator to retry it. */
async function deadLetter(t: TestApp, owner: TestUser): Promise<string> {
  const [id] = await notificationOf(t, owner);
  await makeOperator(t, owner);
  const [row] = await t.db
    .update(notificationOutbox)
    .set({ status: 'dead', lastError: '測試' })
    .where(eq(notificationOutbox.notificationId, id!))
    .returning({ id: notificationOutbox.id });
  if (!row) throw new Error('set-up: the notification has no outbox row (push is on by default for identityRevoked)');
  return row.id;
}

/** A card info the owner watches. */
async function watchedCardInfo(t: TestApp, owner: TestUser): Promise<string> {
  const { cardInfoId } = await newCardInfo(t);
  await setUp(t, owner.token, 'POST', 'watch/add', { kind: 'cardInfo', id: cardInfoId });
  return cardInfoId;
}

/** A price alert of the owner, on a fresh card info. */
async function alertOf(t: TestApp, owner: TestUser): Promise<string> {
  const { cardInfoId } = await newCardInfo(t);
  const body = { cardInfoId, side: 'ask', op: 'below', price: 10_000 };
  return (await setUp<{ id: string }>(t, owner.token, 'POST', 'alert/create', body)).id;
}

async function firstArticle(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/article/list' });
  const first = (res.json().data as { id: string }[])[0];
  if (!first) throw new Error('set-up: no article (the ownership check seeds the demo content)');
  return first.id;
}

const buying = { headers: idempotency };

export const OWNERSHIP: OwnershipEntry[] = [
  // Orders: private to their buyer.
  entry('GET /api/payOrder/info', 'orderNo', 'private', pendingOrder, ['orderNo', 'payUrl']),
  entry('GET /api/payOrder/payCheck', 'orderNo', 'private', pendingOrder, ['orderNo', 'payUrl']),
  entry('POST /api/payOrder/cancel', 'orderNo', 'private', pendingOrder, ['orderNo']),
  entry('GET /api/payOrder/list', 'itemId', 'public', paidDrop, ['orderNo', 'cards.id']),
  // Orders name catalogue items, which anyone may buy; the answer is the caller's own order.
  entry('POST /api/payOrder/create', 'cardInfoId', 'public', paidDrop, ['orderNo', 'payUrl'], {
    extra: { type: 'card', quantity: 1 },
    ...buying,
  }),
  entry('POST /api/payOrder/create', 'productId', 'public', orderedProduct, ['orderNo', 'payUrl'], {
    extra: { type: 'product', quantity: 1 },
    ...buying,
  }),
  // A perk preview names a public mall item; the answer is the caller's own perk (decision 029).
  entry('GET /api/perk/preview', 'id', 'public', (t) => createProduct(t.db, { stock: 10, perUserLimit: 1 }), [], {
    extra: { type: 'product' },
  }),
  // Cards: anyone sees a card's public page; the price paid is the owner's (and the seller's) alone.
  entry('GET /api/card/detail', 'id', 'public-view', boughtCard, ['provenance.priceCents']),
  // A card's public page (issue 23): only its owner switches it; once on, anyone sees it, with no price paid in it.
  entry('POST /api/card/public', 'id', 'private', boughtCard, [], { extra: { public: true } }),
  entry('GET /api/card/public', 'id', 'public-view', publicCard, []),
  // A preview picture names a public thing (a card info here); it reads nobody's own rows.
  entry('GET /api/og/image.jpg', 'id', 'public', async (t) => (await newCardInfo(t)).cardInfoId, [], {
    extra: { kind: 'card-info' },
  }),
  // A set exchange names a theme (public); B's call must never consume A's cards.
  entry('POST /api/card/exchangeBCard', 'themeId', 'public', completeSet, ['bCard.id', 'consumed.id']),
  // Filters by a public theme: the answer lists the caller's own cards only.
  entry('GET /api/card/collection', 'themeId', 'public', heldTheme, ['id']),
  // The catalogue and articles are public: no owner.
  entry('GET /api/cardInfo/list', 'themeId', 'public', async (t) => (await newCardInfo(t)).themeId, []),
  entry('GET /api/cardInfo/detail', 'id', 'public', async (t) => (await newCardInfo(t)).cardInfoId, []),
  entry('GET /api/product/detail', 'id', 'public', (t) => createProduct(t.db, { stock: 10, perUserLimit: 1 }), []),
  // Price histories are public: prices and times of sales, never who traded (decision 032).
  entry('GET /api/cardInfo/priceHistory', 'id', 'public', async (t) => (await newCardInfo(t)).cardInfoId, []),
  entry(
    'GET /api/product/priceHistory',
    'id',
    'public',
    (t) => createProduct(t.db, { stock: 10, perUserLimit: 1 }),
    [],
  ),
  entry('GET /api/article/detail', 'id', 'public', firstArticle, []),
  // Addresses, goods and shipments, the users' and the operators' (src/server/checks/ownership-delivery.ts).
  ...DELIVERY_OWNERSHIP,
  // Market, wallet and identity (src/server/checks/ownership-market.ts).
  ...MARKET_OWNERSHIP,
  ...OFFER_OWNERSHIP,
  // Mystery packs (src/server/checks/ownership-packs.ts).
  ...PACK_OWNERSHIP,
  // The watchlist names public things; B's add, remove and state touch only B's own list (docs/decisions/033).
  entry('POST /api/watch/add', 'id', 'public', async (t) => (await newCardInfo(t)).cardInfoId, [], {
    extra: { kind: 'cardInfo' },
  }),
  entry('POST /api/watch/remove', 'id', 'public', watchedCardInfo, [], { extra: { kind: 'cardInfo' } }),
  entry('GET /api/watch/state', 'ids', 'public', watchedCardInfo, ['watched'], { extra: { kind: 'cardInfo' } }),
  // GET /api/stream takes no id: its topics name public items, and the user channel is the session's own
  // (docs/decisions/037; live.test.ts shows one user's events never reach another's stream).
  // Notifications: another user's id is a 404 and stays unread (docs/decisions/034).
  entry('POST /api/notification/read', 'ids', 'private', notificationOf, []),
  // Price alerts: another user's alert is a 404 and stays; an alert names a public item (docs/decisions/039).
  entry('POST /api/alert/delete', 'id', 'private', alertOf, []),
  entry('POST /api/alert/create', 'cardInfoId', 'public', async (t) => (await newCardInfo(t)).cardInfoId, ['id'], {
    extra: { side: 'ask', op: 'below', price: 10_000 },
  }),
  entry(
    'POST /api/alert/create',
    'productId',
    'public',
    (t) => createProduct(t.db, { stock: 10, perUserLimit: 1 }),
    ['id'],
    { extra: { side: 'bid', op: 'above', price: 10_000 } },
  ),
  // Push subscriptions: another user's device is a 404 and stays subscribed (docs/decisions/038).
  entry('POST /api/push/unsubscribe', 'subscriptionId', 'private', pushDevice, []),
  // The back office's dead letters: a non-operator gets 404.
  entry('POST /api/admin/deadLetters/retry', 'id', 'private', deadLetter, []),
  // The waiting room of hot drops (src/server/checks/ownership-queue.ts).
  ...QUEUE_OWNERSHIP,
  // Trade feedback (src/server/checks/ownership-standing.ts).
  ...STANDING_OWNERSHIP,
  // The back office: users, identities, market take-downs, the audit log (src/server/checks/ownership-admin.ts).
  ...ADMIN_OWNERSHIP,
  // Back office: catalogue, code batches, content (src/server/checks/ownership-admin-api.ts).
  ...ADMIN_API_OWNERSHIP,
];
