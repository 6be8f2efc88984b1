import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRefund, JournalPosting, Reconcile, TrialBalance } from '../../../shared/schemas/admin-ledger';
import type { Wallet } from '../../../shared/schemas/wallet';
import { sandboxCharges } from '../../db/schema';
import { auditOf, signInOperator } from '../../testing/operator';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signIn } from '../collection/collection-fixtures';
import { trader } from '../market/market.fixtures';
import { createDrop } from '../pay-orders/pay-orders.fixtures';
import { latePayment } from './wallet.fixtures';

/** The wallet's API (decision 025): the books operators see, refund records, and withdrawals' SMS re-check. */
describe('wallet and the books (API)', () => {
  let t: TestApp;
  let op: { token: string; userId: string };
  beforeAll(async () => {
    t = await createTestApp();
    op = await signInOperator(t);
  });
  afterAll(() => t?.close());

  const get = <T>(path: string, token: string, query?: Record<string, string>) =>
    t.call<T>('GET', path, { token, query });
  const post = <T>(path: string, token: string, body: unknown) => t.call<T>('POST', path, { token, body });
  const balances = async () =>
    new Map((await get<TrialBalance>('admin/ledger/trialBalance', op.token)).data.accounts.map((a) => [a.type, a]));

  it('books a sandbox purchase as received and sold: trial balance 0, nothing to reconcile', async () => {
    const buyer = await signIn(t);
    const cardInfoId = await createDrop(t.db, { editionSize: 10, perUserLimit: 5, priceCents: 5_000 });
    const created = await t.call<{ orderNo: string }>('POST', 'payOrder/create', {
      token: buyer.token,
      body: { type: 'card', cardInfoId, quantity: 2 },
      headers: { 'idempotency-key': 'books-key-1' },
    });
    expect(created.status).toBe(200);
    const page = await t.app.inject({ method: 'POST', url: `/pay/sandbox/${created.data.orderNo}/confirm` });
    expect(page.statusCode).toBe(303);
    const tb = await get<TrialBalance>('admin/ledger/trialBalance', op.token);
    expect(tb).toMatchObject({ status: 200, data: { total: 0 } });
    const by = await balances();
    expect(by.get('provider_clearing')!.balance).toBe(-10_000);
    expect(by.get('sales')!.balance).toBe(10_000);
    expect(by.get('orders_clearing')!.balance).toBe(0);
    const journal = await get<JournalPosting[]>('admin/ledger/journal', op.token, { ref: created.data.orderNo });
    expect(journal.data.map((p) => p.kind).sort()).toEqual(['mall_sale', 'payment_received']);
    expect(journal.data.find((p) => p.kind === 'mall_sale')!.entries).toEqual([
      expect.objectContaining({ accountId: 'orders:clearing', amount: -10_000 }),
      expect.objectContaining({ accountId: 'platform:sales', amount: 10_000 }),
    ]);
    const byAccount = await get<JournalPosting[]>('admin/ledger/journal', op.token, {
      account: 'platform:sales',
      kind: 'mall_sale',
    });
    expect(byAccount.data.map((p) => p.refId)).toContain(created.data.orderNo);
    expect((await get<Reconcile>('admin/ledger/reconcile', op.token)).data).toEqual({ exceptions: [] });
  });

  it('owes a late payment back: refunds payable and a refund record, paid once through the sandbox', async () => {
    const buyer = await signIn(t);
    const orderNo = await latePayment(t, buyer, 12_800);
    const info = await t.call<{ status: string }>('GET', 'payOrder/info', { token: buyer.token, query: { orderNo } });
    expect(info.data.status).toBe('refunded');
    const list = await get<AdminRefund[]>('admin/ledger/refunds', op.token, { status: 'pending' });
    const refund = list.data.find((r) => r.orderNo === orderNo)!;
    expect(refund).toMatchObject({ amount: 12_800, reason: 'late', status: 'pending', provider: 'sandbox' });
    expect((await balances()).get('refunds_payable')!.balance).toBe(12_800);
    expect((await get<Reconcile>('admin/ledger/reconcile', op.token)).data.exceptions).toEqual([]);

    const paid = await post<AdminRefund>('admin/ledger/refunds/pay', op.token, { id: refund.id });
    expect(paid).toMatchObject({ status: 200, data: { status: 'paid', decidedBy: op.userId } });
    expect(paid.data.providerRefundRef).toMatch(/^sbx_re_/);
    const [charge] = await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.orderNo, orderNo));
    expect(charge!.refundId).toBe(paid.data.providerRefundRef);
    expect(await post('admin/ledger/refunds/pay', op.token, { id: refund.id })).toMatchObject({
      status: 409,
      msg: '此款項已退回',
    });
    expect(await post('admin/ledger/refunds/pay', op.token, { id: 'rfd_nope' })).toMatchObject({ status: 404 });
    expect((await balances()).get('refunds_payable')!.balance).toBe(0);
    const postings = await get<JournalPosting[]>('admin/ledger/journal', op.token, { ref: refund.id });
    expect(postings.data.map((p) => p.kind)).toEqual(['refund_paid']);
    expect((await auditOf(t, refund.id, 'refund.pay')).length).toBe(1);
    expect((await get<TrialBalance>('admin/ledger/trialBalance', op.token)).data.total).toBe(0);
  });

  it('a refund of a charge the provider does not have says so (409) and is marked failed with why, nothing booked', async () => {
    const buyer = await signIn(t);
    const orderNo = await latePayment(t, buyer, 6_400);
    const refund = (await get<AdminRefund[]>('admin/ledger/refunds', op.token, { status: 'pending' })).data.find(
      (r) => r.orderNo === orderNo,
    )!;
    // The sandbox forgets the charge, as a provider answers for a payment it never made.
    await t.db.delete(sandboxCharges).where(eq(sandboxCharges.orderNo, orderNo));
    const payable = (await balances()).get('refunds_payable')!.balance;
    const why = `sandbox 沒有此付款（${refund.paymentRef}），無法經支付服務退款`;
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(await post('admin/ledger/refunds/pay', op.token, { id: refund.id })).toMatchObject({
        status: 409,
        msg: `${why}；請核對付款紀錄，改以其他方式退還`,
      });
    }
    const failed = (await get<AdminRefund[]>('admin/ledger/refunds', op.token, { status: 'failed' })).data;
    expect(failed.find((r) => r.id === refund.id)).toMatchObject({ status: 'failed', failure: why });
    expect((await auditOf(t, refund.id, 'refund.fail')).length).toBe(2);
    expect((await balances()).get('refunds_payable')!.balance).toBe(payable);
    expect((await get<JournalPosting[]>('admin/ledger/journal', op.token, { ref: refund.id })).data).toEqual([]);
  });

  it('reconciliation finds a paid order without its postings (the check can fail)', async () => {
    const buyer = await signIn(t);
    const cardInfoId = await createDrop(t.db, { editionSize: 10, perUserLimit: 5 });
    const created = await t.call<{ orderNo: string }>('POST', 'payOrder/create', {
      token: buyer.token,
      body: { type: 'card', cardInfoId, quantity: 1 },
      headers: { 'idempotency-key': 'books-key-broken' },
    });
    const orderNo = created.data.orderNo;
    await t.db.execute(`update pay_orders set status = 'paid', paid_at = now() where order_no = '${orderNo}'` as never);
    const found = (await get<Reconcile>('admin/ledger/reconcile', op.token)).data.exceptions;
    expect(found.map((e) => [e.type, e.ref])).toEqual([
      ['missing_posting', orderNo],
      ['missing_posting', orderNo],
    ]);
    expect(found[0]!.action).toBeTruthy();
    await t.db.execute(`update pay_orders set status = 'cancelled' where order_no = '${orderNo}'` as never);
    expect((await get<Reconcile>('admin/ledger/reconcile', op.token)).data.exceptions).toEqual([]);
  });

  it('refuses bad journal filters and refund ids with zh-HK messages', async () => {
    expect(await get('admin/ledger/journal', op.token, { from: 'yesterday' })).toMatchObject({
      status: 400,
      msg: expect.stringContaining('開始時間'),
    });
    expect(await get('admin/ledger/refunds', op.token, { status: 'nonsense' })).toMatchObject({ status: 400 });
    expect(await post('admin/ledger/refunds/pay', op.token, {})).toMatchObject({
      status: 400,
      msg: expect.stringContaining('退款紀錄'),
    });
  });

  it('answers the real reason for a withdrawal SMS code that was already used', async () => {
    const s = await trader(t);
    await t.db.transaction((tx) =>
      t.app.services.wallet.post(tx, 'test_credit', `tc-${s.userId}`, [
        {
          account: { id: 'provider:clearing', type: 'provider_clearing', userId: null },
          amount: -50_000,
          kind: 'internal',
        },
        {
          account: { id: `user:${s.userId}:balance`, type: 'balance', userId: s.userId },
          amount: 50_000,
          kind: 'sale',
        },
      ]),
    );
    t.clock.advance(61_000);
    await post('sms/authSend', s.token, { purpose: 'withdraw' });
    // A right code and too little balance: the balance is the reason.
    expect(await post('payment/withdraw', s.token, { amount: 60_000, code: t.sms.lastCode(s.phone) })).toMatchObject({
      status: 409,
      msg: '錢包餘額不足，可提現金額為 HK$500.00',
    });
    t.clock.advance(61_000);
    await post('sms/authSend', s.token, { purpose: 'withdraw' });
    const code = t.sms.lastCode(s.phone);
    expect((await post('payment/withdraw', s.token, { amount: 20_000, code })).status).toBe(200);
    // Enough balance for a second one: the code is the reason.
    expect(await post('payment/withdraw', s.token, { amount: 20_000, code })).toMatchObject({
      status: 400,
      msg: '驗證碼已使用，請重新獲取',
    });
    // Not enough for this amount either: still the code, which is what must be fixed first.
    expect(await post('payment/withdraw', s.token, { amount: 40_000, code })).toMatchObject({
      status: 400,
      msg: '驗證碼已使用，請重新獲取',
    });
    expect((await get<Wallet>('payment/info', s.token)).data.balance).toBe(30_000);
  });
});
