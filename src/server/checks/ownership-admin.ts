import { eq } from 'drizzle-orm';
import { newId } from '../adapters/ids';
import { identities, users } from '../db/schema';
import { addTheme } from '../modules/collection/collection-fixtures';
import { freshKey, giveCard, trader, verify } from '../modules/market/market.fixtures';
import { createDrop } from '../modules/pay-orders/pay-orders.fixtures';
import { latePayment } from '../modules/wallet/wallet.fixtures';
import type { TestApp } from '../testing/test-app';
import type { OwnershipEntry, TestUser } from './ownership';

/**
 * The back office's routes that take ids (issue 11). The owner A is made an operator and the object is a
 * customer's; B, signed in but not an operator, gets 404 whatever the id (the admin area does not exist
 * for them). See ownership.ts for the fields.
 */

let seq = 0;

async function makeOperator(t: TestApp, owner: TestUser) {
  await t.db
    .update(users)
    .set({ roles: ['user', 'admin'] })
    .where(eq(users.id, owner.userId));
  t.app.services.auth.sessionsChanged(owner.userId);
}

/** A fresh customer with a live session. */
async function customer(t: TestApp): Promise<TestUser> {
  const phone = `+8526${String((Date.now() + seq++) % 10_000_000).padStart(7, '0')}`;
  const { id } = await t.app.services.auth.ensureUser(phone);
  return { userId: id, token: (await t.app.services.auth.startSession(id)).token, phone };
}

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
  {
    route: 'GET /api/admin/users/detail',
    param: 'id',
    kind: 'private',
    create: customerOf(),
    privateFields: ['phone'],
  },
  {
    route: 'GET /api/admin/users/orders',
    param: 'id',
    kind: 'private',
    create: customerOf(async (t, c) => {
      const cardInfoId = await createDrop(t.db, {
        editionSize: 100,
        perUserLimit: 5,
        saleStartsAt: new Date(t.clock.now().getTime() - 3600_000),
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payOrder/create',
        headers: { authorization: `Bearer ${c.token}`, 'idempotency-key': freshKey() },
        payload: { type: 'card', cardInfoId, quantity: 1 },
      });
      if (res.statusCode !== 200) throw new Error(`set-up: payOrder/create answered ${res.statusCode} ${res.body}`);
    }),
    privateFields: ['orderNo'],
  },
  {
    route: 'GET /api/admin/users/holdings',
    param: 'id',
    kind: 'private',
    create: customerOf(async (t, c) => {
      const themeId = newId('thm');
      await addTheme(t, themeId, [{ id: `${themeId}_c1` }]);
      await giveCard(t, c.userId, `${themeId}_c1`);
    }),
    privateFields: ['id'],
  },
  {
    route: 'POST /api/admin/users/disable',
    param: 'id',
    kind: 'private',
    create: customerOf(),
    privateFields: ['phone'],
    extra: { reason: '所有權檢查' },
  },
  {
    route: 'POST /api/admin/users/enable',
    param: 'id',
    kind: 'private',
    create: customerOf((t, c) => t.app.services.auth.disableUser(c.userId, '所有權檢查')),
    privateFields: ['phone'],
  },
  {
    route: 'POST /api/admin/users/grantAdmin',
    param: 'id',
    kind: 'private',
    create: customerOf(),
    privateFields: ['phone'],
  },
  {
    route: 'POST /api/admin/users/revokeAdmin',
    param: 'id',
    kind: 'private',
    create: customerOf(async (t, c) => {
      await t.db
        .update(users)
        .set({ roles: ['user', 'admin'] })
        .where(eq(users.id, c.userId));
      t.app.services.auth.sessionsChanged(c.userId);
    }),
    privateFields: ['phone'],
  },
  {
    route: 'POST /api/admin/identities/revoke',
    param: 'id',
    kind: 'private',
    create: async (t, owner) => {
      await makeOperator(t, owner);
      const c = await customer(t);
      await verify(t, c);
      return (await t.db.select({ id: identities.id }).from(identities).where(eq(identities.userId, c.userId)))[0]!.id;
    },
    privateFields: ['phone'],
    extra: { reason: '所有權檢查' },
  },
  {
    route: 'POST /api/admin/listings/takeDown',
    param: 'id',
    kind: 'private',
    create: async (t, owner) => {
      await makeOperator(t, owner);
      const seller = await trader(t);
      const themeId = newId('thm');
      await addTheme(t, themeId, [{ id: `${themeId}_c1` }]);
      const card = await giveCard(t, seller.userId, `${themeId}_c1`);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/market/create',
        headers: { authorization: `Bearer ${seller.token}` },
        payload: { sell_type: 0, kind: 'card', itemId: card, price: 1_000 },
      });
      if (res.statusCode !== 200) throw new Error(`set-up: market/create answered ${res.statusCode} ${res.body}`);
      return res.json().data.listing.id as string;
    },
    privateFields: ['user.phoneMasked', 'itemId'],
    extra: { reason: '所有權檢查' },
  },
  // The audit log: the owner (an operator) disables a customer; the records name them (actorId) and the customer (targetId).
  {
    route: 'GET /api/admin/audit',
    param: 'actorId',
    kind: 'private',
    create: async (t, owner) => {
      await makeOperator(t, owner);
      await t.app.services.users.disable(operator(owner), { id: (await customer(t)).userId, reason: '所有權檢查' });
      return owner.userId;
    },
    privateFields: ['requestId', 'targetId'],
  },
  {
    route: 'GET /api/admin/audit',
    param: 'targetId',
    kind: 'private',
    create: async (t, owner) => {
      await makeOperator(t, owner);
      const c = await customer(t);
      await t.app.services.users.disable(operator(owner), { id: c.userId, reason: '所有權檢查' });
      return c.userId;
    },
    privateFields: ['requestId', 'actor.phone'],
  },
];
