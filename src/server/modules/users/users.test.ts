import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminHolding,
  AdminIdentity,
  AdminUser,
  AdminUserDetail,
  AdminUserOrder,
} from '../../../shared/schemas/admin-users';
import type { AuditRecord } from '../../../shared/schemas/admin-audit';
import { DEMO_OPERATOR_PHONE } from '../../config';
import { identities } from '../../db/schema';
import { seedDemo } from '../../db/seed';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { give, signIn } from '../collection/collection-fixtures';
import { freshHkid, verify } from '../market/market.fixtures';
import { createDrop } from '../pay-orders/pay-orders.fixtures';
import { addProduct, giveGoods } from '../shipments/shipments.fixtures';

const MIN = 60_000;

describe('back office: users and identities', () => {
  let t: TestApp;
  let op: { token: string; userId: string };
  beforeAll(async () => {
    // The demo configuration: the embedded database with the demo content names the demo operator.
    t = await createTestApp({ env: { SEED_DEMO: 'true' } });
    await seedDemo(t.db, t.clock.now());
    await t.call('POST', 'sms/send', { body: { phone: DEMO_OPERATOR_PHONE, purpose: 'login' } });
    const login = await t.call<{ token: string; user: { id: string }; authority: string[] }>('POST', 'user/login', {
      body: { phone: DEMO_OPERATOR_PHONE, code: t.sms.lastCode(DEMO_OPERATOR_PHONE)! },
    });
    expect(login.data.authority).toContain('admin');
    op = { token: login.data.token, userId: login.data.user.id };
  });
  afterAll(() => t.close());

  const get = <T>(path: string, query: Record<string, string> = {}, token = op.token) =>
    t.call<T>('GET', `admin/${path}`, { token, query });
  const post = <T>(path: string, body: unknown, token = op.token) =>
    t.call<T>('POST', `admin/${path}`, { token, body });
  const total = async (path: string, query: Record<string, string>) =>
    Number(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/${path}`,
          query,
          headers: { authorization: `Bearer ${op.token}` },
        })
      ).headers['x-total-count'],
    );
  const lastAudit = async (targetId: string) => (await get<AuditRecord[]>('audit', { targetId })).data;

  it('the demo operator signs in with the SMS code and opens the back office', async () => {
    expect((await get<AdminUser[]>('users')).status).toBe(200);
  });

  it('searches users by part of the phone digits, nickname, role and status, newest first, with X-Total-Count', async () => {
    const a = await signIn(t, '+85298760001');
    t.clock.advance(MIN);
    const b = await signIn(t, '+85298760002');
    const found = await get<AdminUser[]>('users', { phone: '9876 000' });
    expect(found.data.map((u) => u.id)).toEqual([b.userId, a.userId]);
    expect(found.data[0]).toMatchObject({
      phone: '+85298760002',
      roles: ['user'],
      status: 'active',
      verified: false,
      balance: 0,
      disabledReason: null,
    });
    expect(await total('users', { phone: '98760', pageSize: '1' })).toBe(2);
    expect(
      (await get<AdminUser[]>('users', { phone: '98760', pageSize: '1', page: '2' })).data.map((u) => u.id),
    ).toEqual([a.userId]);
    expect((await get<AdminUser[]>('users', { role: 'admin' })).data.map((u) => u.phone)).toEqual([
      DEMO_OPERATOR_PHONE,
    ]);
    expect((await get<AdminUser[]>('users', { nickname: '夜景' })).data.map((u) => u.nickname)).toEqual(['夜景獵人']);
    expect((await get<AdminUser[]>('users', { phone: '+852 9876-0002' })).data.map((u) => u.id)).toEqual([b.userId]);
    expect(await get('users', { role: 'boss' })).toMatchObject({ status: 400, msg: '「角色」只可以是 user 或 admin' });
    expect(await get('users', { pageSize: '51' })).toMatchObject({ status: 400 });
  });

  it('shows a user with counts, their pay orders and their holdings (cards and goods)', async () => {
    const u = await signIn(t);
    await verify(t, u);
    const cardInfoId = await createDrop(t.db, {
      editionSize: 10,
      perUserLimit: 5,
      saleStartsAt: new Date(t.clock.now().getTime() - MIN),
    });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/payOrder/create',
      headers: { authorization: `Bearer ${u.token}`, 'idempotency-key': 'users-test-1' },
      payload: { type: 'card', cardInfoId, quantity: 1 },
    });
    expect(order.statusCode).toBe(200);
    await give(t, u.userId, cardInfoId);
    t.clock.advance(MIN);
    const [goodsId] = await giveGoods(t, u.userId, await addProduct(t, { name: '限定卡盒' }));

    const detail = await get<AdminUserDetail>('users/detail', { id: u.userId });
    expect(detail.data).toMatchObject({
      id: u.userId,
      verified: true,
      balance: 0,
      escrow: 0,
      counts: { payOrders: 1, paidOrders: 0, cards: 1, goods: 1, openListings: 0, shipments: 0, withdrawals: 0 },
    });
    const orders = await get<AdminUserOrder[]>('users/orders', { id: u.userId });
    expect(orders.data).toEqual([
      expect.objectContaining({ orderNo: order.json().data.orderNo, type: 'card', status: 'pending', quantity: 1 }),
    ]);
    const holdings = await get<AdminHolding[]>('users/holdings', { id: u.userId });
    expect(holdings.data.map((h) => [h.kind, h.name])).toEqual([
      ['goods', '限定卡盒'],
      ['card', expect.any(String)],
    ]);
    expect(holdings.data[0]).toMatchObject({ id: goodsId, status: 'held', serial: null });
    expect(holdings.data[1]).toMatchObject({ catalogueId: cardInfoId, serial: 1, editionSize: 10 });
    expect(await total('users/holdings', { id: u.userId, pageSize: '1' })).toBe(2);
    expect(await get('users/detail', { id: 'usr_nobody' })).toMatchObject({ status: 404, msg: '找不到此用戶' });
    expect(await get('users/orders', { id: 'usr_nobody' })).toMatchObject({ status: 404 });
  });

  it('disables a user: their token is refused on the very next request, sign-in is refused, audited; enable lets them back', async () => {
    const u = await signIn(t);
    expect((await t.call('GET', 'user/info', { token: u.token })).status).toBe(200);
    expect(await post('users/disable', { id: u.userId })).toMatchObject({ status: 400 });
    expect(await post('users/disable', { id: u.userId, reason: 'x' })).toMatchObject({
      status: 400,
      msg: '停用原因最少 2 個字',
    });
    const res = await post<AdminUserDetail>('users/disable', { id: u.userId, reason: '涉嫌詐騙' });
    expect(res).toMatchObject({
      status: 200,
      msg: '已停用此用戶，其所有登入已即時失效',
      data: { status: 'disabled', disabledReason: '涉嫌詐騙' },
    });
    expect((await t.call('GET', 'user/info', { token: u.token })).status).toBe(403);
    t.clock.advance(MIN);
    await t.call('POST', 'sms/send', { body: { phone: u.phone, purpose: 'login' } });
    expect(
      await t.call('POST', 'user/login', { body: { phone: u.phone, code: t.sms.lastCode(u.phone)! } }),
    ).toMatchObject({ status: 409, msg: '此帳戶已被停用，如有疑問請聯絡客服' });
    expect(await post('users/disable', { id: u.userId, reason: '再次停用' })).toMatchObject({
      status: 409,
      msg: '此用戶已被停用',
    });
    expect(await post('users/disable', { id: op.userId, reason: '試試停用自己' })).toMatchObject({
      status: 409,
      msg: '不能停用自己的帳戶',
    });
    expect((await get<AdminUser[]>('users', { status: 'disabled', phone: u.phone })).data.map((x) => x.id)).toEqual([
      u.userId,
    ]);

    const [disabled] = await lastAudit(u.userId);
    expect(disabled).toMatchObject({
      action: 'user.disable',
      targetType: 'user',
      actor: { id: op.userId, phone: DEMO_OPERATOR_PHONE },
      before: { status: 'active', disabledReason: null },
      after: { status: 'disabled', disabledReason: '涉嫌詐騙' },
      requestId: expect.any(String),
    });

    expect(await post<AdminUserDetail>('users/enable', { id: u.userId })).toMatchObject({
      status: 200,
      data: { status: 'active', disabledReason: null },
    });
    expect(await post('users/enable', { id: u.userId })).toMatchObject({ status: 409, msg: '此用戶並未被停用' });
    expect((await t.call('GET', 'user/info', { token: u.token })).status).toBe(403); // old sessions stay revoked
    t.clock.advance(MIN);
    await t.call('POST', 'sms/send', { body: { phone: u.phone, purpose: 'login' } });
    expect(
      (await t.call('POST', 'user/login', { body: { phone: u.phone, code: t.sms.lastCode(u.phone)! } })).status,
    ).toBe(200);
    expect((await lastAudit(u.userId)).map((r) => r.action)).toEqual(['user.enable', 'user.disable']);
    expect(await post('users/enable', { id: 'usr_nobody' })).toMatchObject({ status: 404 });
  });

  it('grants and revokes admin at once; never your own; a phone in ADMIN_PHONES is told it comes back at sign-in', async () => {
    const u = await signIn(t);
    expect((await get('users', {}, u.token)).status).toBe(404);
    expect(await post<AdminUserDetail>('users/grantAdmin', { id: u.userId })).toMatchObject({
      status: 200,
      data: { roles: ['user', 'admin'] },
    });
    expect((await get('users', {}, u.token)).status).toBe(200);
    expect(await post('users/grantAdmin', { id: u.userId })).toMatchObject({ status: 409, msg: '此用戶已有後台權限' });
    expect(await post('users/revokeAdmin', { id: op.userId }, u.token)).toMatchObject({
      status: 200,
      msg: expect.stringContaining('ADMIN_PHONES'),
    });
    // The demo operator lost admin: their next call is a 404; the new operator gives it back.
    expect((await get('users')).status).toBe(404);
    expect((await post('users/grantAdmin', { id: op.userId }, u.token)).status).toBe(200);
    t.clock.advance(1000); // records at one instant have no order between them
    expect(await post('users/revokeAdmin', { id: u.userId })).toMatchObject({
      status: 200,
      msg: '已撤銷後台權限',
      data: { roles: ['user'] },
    });
    expect((await get('users', {}, u.token)).status).toBe(404);
    expect(await post('users/revokeAdmin', { id: u.userId })).toMatchObject({ status: 409, msg: '此用戶沒有後台權限' });
    expect(await post('users/revokeAdmin', { id: op.userId })).toMatchObject({
      status: 409,
      msg: '不能撤銷自己的後台權限',
    });
    expect((await lastAudit(u.userId)).map((r) => [r.action, r.after?.roles])).toEqual([
      ['user.revoke_admin', ['user']],
      ['user.grant_admin', ['user', 'admin']],
    ]);
  });

  it('lists identities masked only, revokes one with a reason (audited), and the user can verify again', async () => {
    const u = await signIn(t);
    const hkid = freshHkid();
    const verify = () =>
      t.call('POST', 'userIdInfo/verify', { token: u.token, body: { name: '陳大文', idType: 'hkid', idNumber: hkid } });
    expect((await verify()).status).toBe(200);
    const list = await get<AdminIdentity[]>('identities', { q: u.phone.slice(-8) });
    expect(list.data).toHaveLength(1);
    const idn = list.data[0]!;
    expect(idn).toMatchObject({
      userId: u.userId,
      phone: u.phone,
      idType: 'hkid',
      status: 'verified',
      nameMasked: expect.stringContaining('*'),
      revokedAt: null,
    });
    expect(JSON.stringify(list.data)).not.toContain(hkid.slice(1, 7));
    expect(JSON.stringify(list.data)).not.toContain('陳大文');

    expect(await post('identities/revoke', { id: idn.id })).toMatchObject({ status: 400, msg: '請填寫撤銷原因' });
    const revoked = await post<AdminIdentity>('identities/revoke', { id: idn.id, reason: '證件相片不清晰' });
    expect(revoked).toMatchObject({
      status: 200,
      data: { status: 'revoked', revokedReason: '證件相片不清晰', revokedAt: expect.any(String) },
    });
    expect(await post('identities/revoke', { id: idn.id, reason: '證件相片不清晰' })).toMatchObject({
      status: 409,
      msg: '此實名認證已被撤銷',
    });
    expect(await post('identities/revoke', { id: 'idn_nobody', reason: '不存在的記錄' })).toMatchObject({
      status: 404,
    });
    expect((await t.call<{ verified: boolean }>('GET', 'user/info', { token: u.token })).data.verified).toBe(false);
    expect((await get<AdminIdentity[]>('identities', { status: 'revoked', q: u.phone })).data.map((i) => i.id)).toEqual(
      [idn.id],
    );
    const [record] = await lastAudit(idn.id);
    expect(record).toMatchObject({
      action: 'identity.revoke',
      before: { status: 'verified' },
      after: { status: 'revoked', revokedReason: '證件相片不清晰' },
    });
    expect(JSON.stringify(record)).not.toContain(hkid.slice(1, 7));

    // Verify again (the same document is free again); one row per account.
    expect((await verify()).status).toBe(200);
    expect((await t.call<{ verified: boolean }>('GET', 'user/info', { token: u.token })).data.verified).toBe(true);
    expect(
      await t.db
        .select({ status: identities.status, revokedAt: identities.revokedAt })
        .from(identities)
        .where(eq(identities.userId, u.userId)),
    ).toEqual([{ status: 'verified', revokedAt: null }]);
  });
});
