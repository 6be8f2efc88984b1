import { giveCard, trader, verify } from '../modules/market/market.fixtures';
import type { TestApp } from '../testing/test-app';
import { customer, entry, idempotency, makeOperator, newCardInfo, setUp } from './ownership-kit';
import type { OwnershipEntry, TestUser } from './ownership-kit';
import { SELL_TYPE } from '../../shared/market-labels';

/** Trade feedback's routes (issue 21 §4): an order's feedback is its two sides' alone; operators moderate it. */

/** A completed market order: `buyer` bought a third trader's card through the sandbox checkout. Answers its id. */
async function completedOrder(t: TestApp, buyer: TestUser): Promise<string> {
  const seller = await trader(t);
  const card = await giveCard(t, seller.userId, (await newCardInfo(t)).cardInfoId);
  const body = { sell_type: SELL_TYPE.sell, kind: 'card', itemId: card, price: 1_000 };
  const listing = (await setUp<{ listing: { id: string } }>(t, seller.token, 'POST', 'market/create', body)).listing;
  await verify(t, buyer);
  const order = { type: 'market', listingId: listing.id };
  const { orderNo } = await setUp<{ orderNo: string }>(t, buyer.token, 'POST', 'payOrder/create', order, idempotency());
  await t.app.inject({ method: 'POST', url: `/pay/sandbox/${orderNo}/confirm` });
  const mine = await setUp<{ id: string; orderNo: string }[]>(t, buyer.token, 'GET', 'market/orderList?role=buyer');
  return mine.find((o) => o.orderNo === orderNo)!.id;
}

/** The owner's completed order, with the 👍 they left on it. */
async function ratedOrder(t: TestApp, owner: TestUser): Promise<string> {
  const orderId = await completedOrder(t, owner);
  await setUp(t, owner.token, 'POST', 'market/feedback/create', { orderId, rating: 'up', comment: '好賣家' });
  return orderId;
}

/** A third user's feedback, and the owner made an operator; hidden first when `hidden`. */
const feedbackForOperator =
  (hidden: boolean) =>
  async (t: TestApp, owner: TestUser): Promise<string> => {
    const author = await customer(t);
    const orderId = await ratedOrder(t, author);
    await makeOperator(t, owner);
    const rows = await setUp<{ id: string; orderId: string }[]>(t, owner.token, 'GET', `admin/feedback?q=${orderId}`);
    const id = rows[0]!.id;
    if (hidden) await setUp(t, owner.token, 'POST', 'admin/feedback/hide', { id, reason: '權限測試' });
    return id;
  };

export const STANDING_OWNERSHIP: OwnershipEntry[] = [
  // Another user's order is not found: B cannot rate it, change A's feedback or read it through `mine`.
  entry('POST /api/market/feedback/create', 'orderId', 'private', completedOrder, ['id'], {
    extra: { rating: 'up', comment: '準時交收' },
  }),
  entry('POST /api/market/feedback/update', 'orderId', 'private', ratedOrder, ['id'], {
    extra: { rating: 'down', comment: '改評價' },
  }),
  entry('GET /api/market/feedback/mine', 'orderId', 'private', ratedOrder, ['feedback.id']),
  // Anyone reads the feedback a user received.
  entry('GET /api/market/feedback/list', 'id', 'public-view', async (_t, owner) => owner.userId, []),
  entry('POST /api/admin/feedback/hide', 'id', 'private', feedbackForOperator(false), [], {
    extra: { reason: '含個人資料' },
  }),
  entry('POST /api/admin/feedback/unhide', 'id', 'private', feedbackForOperator(true), []),
];
