import { eq } from 'drizzle-orm';
import { identities } from '../db/schema';
import { giveCard, trader, verify } from '../modules/market/market.fixtures';
import { paidMallOrder } from '../modules/order-refunds/order-refunds.fixtures';
import { latePayment } from '../modules/wallet/wallet.fixtures';
import type { TestApp } from '../testing/test-app';
import { alongside, cardOrder, customer, entry, makeOperator, newCardInfo, setUp } from './ownership-kit';
import type { OwnershipEntry, TestUser } from './ownership-kit';
import { SELL_TYPE } from '../../shared/market-labels';

/**
 * The back office's routes that take ids (issue 11). The owner A is made an operator and the object is a
 * customer's; B, signed in but not an operator, gets 404 whatever the id (the admin area does not exist
 * for them). See ownership.ts for the fields.
 */

let seq = 0;

/** Makes the owner an operator and answers a customer's id, after `prepare` gave the customer something. */
function customerOf(prepare: (t: TestApp, c: TestUser) => Promise<unknown> = async () => {}) {
  return async (t: TestApp, owner: TestUser): Promise<string> => {
    await makeOperator(t, owner);
    const c = await customer(t);
    await prepare(t, c);
    return c.userId;
  };
}

const operator = (owner: TestUser) => ({
  userId: owner.userId,
  sessionId: '',
  roles: ['user', 'admin'],
  requestId: `ownership-${seq++}`,
});

/** The owner made an operator, who disables a customer: answers the audit record's `who`. */
function disabledBy(who: 'actor' | 'target') {
  return async (t: TestApp, owner: TestUser): Promise<string> => {
    await makeOperator(t, owner);
    const c = await customer(t);
    await t.app.services.users.disable(operator(owner), { id: c.userId, reason: '所有權檢查' });
    return who === 'actor' ? owner.userId : c.userId;
  };
}

/** The owner made an operator; answers a verified customer's identity. */
async function identityOf(t: TestApp, owner: TestUser): Promise<string> {
  await makeOperator(t, owner);
  const c = await customer(t);
  await verify(t, c);
  return (await t.db.select({ id: identities.id }).from(identities).where(eq(identities.userId, c.userId)))[0]!.id;
}

/** The owner made an operator; answers a trader's active sell listing. */
async function listingOf(t: TestApp, owner: TestUser): Promise<string> {
  await makeOperator(t, owner);
  const seller = await trader(t);
  const card = await giveCard(t, seller.userId, (await newCardInfo(t)).cardInfoId);
  const body = { sell_type: SELL_TYPE.sell, kind: 'card', itemId: card, price: 1_000 };
  return (await setUp<{ listing: { id: string } }>(t, seller.token, 'POST', 'market/create', body)).listing.id;
}

/** The owner made an operator; answers a customer's paid order of two cards, and its cards (decision 050). */
async function paidOrderOf(t: TestApp, owner: TestUser) {
  await makeOperator(t, owner);
  return paidMallOrder(t, await customer(t), { quantity: 2 });
}

/** A refund of HK$1 through the provider, once per request key (each entry's one call by the owner succeeds). */
const refundBody = () => ({ amount: 100, reason: '所有權檢查', toBalance: false, idempotencyKey: `own-${seq++}-key` });

const reason = { extra: { reason: '所有權檢查' } };
const phone = ['phone'];

export const ADMIN_OWNERSHIP: OwnershipEntry[] = [
  // A customer's late payment owed back (decision 025): only an operator sees or pays its refund record.
  {
    route: 'POST /api/admin/ledger/refunds/pay',
    param: 'id',
    kind: 'private',
    create: async (t, owner) => {
      await makeOperator(t, owner);
      const orderNo = await latePayment(t, await customer(t));
      const { rows } = await t.app.services.wallet.adminRefunds(operator(owner), { page: 1, pageSize: 50 });
      return rows.find((r) => r.orderNo === orderNo)!.id;
    },
    privateFields: ['paymentRef'],
  },
  // Refunds of a customer's paid order (decision 050): only an operator sees or refunds it.
  entry(
    'GET /api/admin/payOrders/refund',
    'orderNo',
    'private',
    async (t, o) => (await paidOrderOf(t, o)).order.orderNo,
    ['buyerId', 'units.itemId'],
  ),
  entry(
    'POST /api/admin/payOrders/refund',
    'orderNo',
    'private',
    async (t, o) => (await paidOrderOf(t, o)).order.orderNo,
    ['buyerId'],
    { extra: refundBody() },
  ),
  alongside(
    'POST /api/admin/payOrders/refund',
    'itemIds',
    'private',
    async (t, o) => {
      const { order, itemIds } = await paidOrderOf(t, o);
      return { itemIds: [itemIds[0]], orderNo: order.orderNo, ...refundBody() };
    },
    ['units.itemId'],
  ),
  entry(
    'GET /api/admin/orderRefunds',
    'orderNo',
    'private',
    async (t, o) => {
      const { order } = await paidOrderOf(t, o);
      const operator = { userId: o.userId, sessionId: '', roles: ['user', 'admin'], requestId: `own-${seq++}` };
      await t.app.services.orderRefunds.refund(operator, { orderNo: order.orderNo, itemIds: [], ...refundBody() });
      return order.orderNo;
    },
    ['id', 'buyerId'],
  ),
  entry('GET /api/admin/users/detail', 'id', 'private', customerOf(), phone),
  entry('GET /api/admin/users/orders', 'id', 'private', customerOf(cardOrder), ['orderNo']),
  entry(
    'GET /api/admin/users/holdings',
    'id',
    'private',
    customerOf(async (t, c) => giveCard(t, c.userId, (await newCardInfo(t)).cardInfoId)),
    ['id'],
  ),
  entry('POST /api/admin/users/disable', 'id', 'private', customerOf(), phone, reason),
  entry(
    'POST /api/admin/users/enable',
    'id',
    'private',
    customerOf((t, c) => t.app.services.auth.disableUser(c.userId, '所有權檢查')),
    phone,
  ),
  entry('POST /api/admin/users/grantAdmin', 'id', 'private', customerOf(), phone),
  entry('POST /api/admin/users/revokeAdmin', 'id', 'private', customerOf(makeOperator), phone),
  entry('POST /api/admin/identities/revoke', 'id', 'private', identityOf, phone, reason),
  entry('POST /api/admin/listings/takeDown', 'id', 'private', listingOf, ['user.phoneMasked', 'itemId'], reason),
  // The audit log: the owner (an operator) disables a customer; the records name them (actorId) and the customer (targetId).
  entry('GET /api/admin/audit', 'actorId', 'private', disabledBy('actor'), ['requestId', 'targetId']),
  entry('GET /api/admin/audit', 'targetId', 'private', disabledBy('target'), ['requestId', 'actor.phone']),
];
