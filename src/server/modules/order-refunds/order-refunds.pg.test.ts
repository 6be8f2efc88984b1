import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderRefundPreview } from '../../../shared/schemas/admin-order-refunds';
import { ledgerAccounts, orderRefunds, sales } from '../../db/schema';
import { signInOperator } from '../../testing/operator';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TEST_DATABASE_URL } from '../../testing/test-db';
import { signIn } from '../collection/collection-fixtures';
import { accounts } from '../wallet/wallet.service';
import { paidMallOrder } from './order-refunds.fixtures';

if (!TEST_DATABASE_URL) console.log('skipped: order refund concurrency tests need PostgreSQL (set TEST_DATABASE_URL)');

/**
 * Two operators refund the same paid order at the same moment (decision 050): the order's row lock puts one after
 * the other, so only one pays and the other is told the order is fully refunded.
 */
describe.skipIf(!TEST_DATABASE_URL)('order refunds under real concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let operators: { token: string }[];
  beforeAll(async () => {
    t = await createTestApp({ postgres: true, poolSize: 20, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
    operators = [await signInOperator(t), await signInOperator(t)];
  });
  afterAll(() => t?.close());

  const refund = (token: string, body: object) =>
    t.call<AdminOrderRefundPreview>('POST', 'admin/payOrders/refund', { token, body });
  const balance = async (id: string) =>
    Number((await t.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id)))[0]?.balance ?? 0);

  it('two full refunds at once, by two operators with their own requests: one pays, the other is refused', async () => {
    for (let round = 0; round < 5; round++) {
      const buyer = await signIn(t);
      const { order, itemIds } = await paidMallOrder(t, buyer, { quantity: 2, priceCents: 7_500 });
      const [a, b] = await Promise.all(
        operators.map((op, i) =>
          refund(op.token, {
            orderNo: order.orderNo,
            amount: 15_000,
            itemIds,
            reason: '重複下單',
            toBalance: true,
            idempotencyKey: `pg-${round}-${i}-${Date.now()}`,
          }),
        ),
      );
      expect([a!.status, b!.status].sort()).toEqual([200, 409]);
      expect([a, b].find((r) => r!.status === 409)!.msg).toBe('此訂單已全數退款');
      expect(await balance(accounts.balance(buyer.userId).id)).toBe(15_000);
      expect((await t.db.select().from(sales).where(eq(sales.orderNo, order.orderNo)))[0]!.refunded).toBe(15_000);
      expect(await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderNo, order.orderNo))).toHaveLength(1);
    }
  });

  it('the same request sent twice at once (a double click) is one refund', async () => {
    const buyer = await signIn(t);
    const { order } = await paidMallOrder(t, buyer, { quantity: 1, priceCents: 9_000, via: 'balance' });
    const body = {
      orderNo: order.orderNo,
      amount: 3_000,
      reason: '補償運送延誤',
      idempotencyKey: `pg-twice-${Date.now()}`,
    };
    const answers = await Promise.all([refund(operators[0]!.token, body), refund(operators[0]!.token, body)]);
    // The second waits on the order's lock, then finds the first refund by its key (or, if it came first, the
    // other does): both answer 200 with the one refund.
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(answers.map((r) => r.data.refunds.length)).toEqual([1, 1]);
    expect(await balance(accounts.balance(buyer.userId).id)).toBe(3_000);
  });
});
