import { recordingNotifier } from '../notifications/notifications.fixtures';
import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../adapters/clock';
import { ProviderUnavailableError } from '../../adapters/payments/payment-provider';
import type { Tx } from '../../db/client';
import { fakeDb, memoryLog } from '../../testing/fakes';
import { accounts } from './accounts';
import type { RefundRow, RefundsRepository } from './refunds.repository';
import type { WalletRepository } from './wallet.repository';
import { createWalletService } from './wallet.service';

/** The wallet's rules on fake repositories (the SQL is covered by wallet.test.ts and the property test). */

type Account = { id: string; type: string; balance: number };

function fakeWalletRepo() {
  const postings = new Set<string>();
  const accountsById = new Map<string, Account>();
  const entries: { accountId: string; amount: number; kind: string; refId: string | null }[] = [];
  const locked: string[] = [];
  const repo = {
    async insertPosting(_db, row) {
      const key = `${row.kind}/${row.refId}`;
      if (postings.has(key)) return false;
      postings.add(key);
      return true;
    },
    async ensureAccounts(_db, rows) {
      for (const r of rows) if (!accountsById.has(r.id)) accountsById.set(r.id, { id: r.id, type: r.type, balance: 0 });
    },
    async applyToBalance(_db, id, amount) {
      locked.push(id);
      const a = accountsById.get(id)!;
      if (a.type !== 'provider_clearing' && a.balance + amount < 0) return false;
      a.balance += amount;
      return true;
    },
    async insertEntries(_db, rows) {
      entries.push(
        ...rows.map((r) => ({ accountId: r.accountId, amount: r.amount, kind: r.kind, refId: r.refId ?? null })),
      );
    },
    async balances(_db, ids) {
      return ids.filter((id) => accountsById.has(id)).map((id) => ({ id, balance: accountsById.get(id)!.balance }));
    },
  } as Partial<WalletRepository> as WalletRepository;
  return { repo, accountsById, entries, locked, postings };
}

function fakeRefundsRepo() {
  const rows: RefundRow[] = [];
  const repo = {
    async insert(_db, row) {
      rows.push({ providerRefundRef: null, failure: null, decidedBy: null, decidedAt: null, ...row } as RefundRow);
    },
    async byId(_db, id) {
      return rows.find((r) => r.id === id) ?? null;
    },
    async decide(_db, id, from, set) {
      const r = rows.find((x) => x.id === id && from.includes(x.status));
      return r ? Object.assign(r, set) : null;
    },
  } as Partial<RefundsRepository> as RefundsRepository;
  return { repo, rows };
}

const tx = { fake: 'tx' } as unknown as Tx;
const op = { userId: 'u_op', sessionId: 's', roles: ['user', 'admin'], requestId: 'r' };

describe('wallet service (fakes)', () => {
  let wallet: ReturnType<typeof fakeWalletRepo>;
  let refunds: ReturnType<typeof fakeRefundsRepo>;
  let refundCalls: { paymentRef: string; idempotencyKey: string }[];
  let providerDown: boolean;
  let audits: string[];
  let service: ReturnType<typeof createWalletService>;

  beforeEach(() => {
    wallet = fakeWalletRepo();
    refunds = fakeRefundsRepo();
    refundCalls = [];
    providerDown = false;
    audits = [];
    const payments = {
      name: 'stripe',
      async refund(input: { paymentRef: string; idempotencyKey: string }) {
        if (providerDown) throw new ProviderUnavailableError('down');
        refundCalls.push(input);
        return { refundRef: `re_${input.paymentRef}` };
      },
    };
    service = createWalletService(
      { db: fakeDb(), clock: new ManualClock(), log: memoryLog(), payments: payments as never },
      {
        identity: {} as never,
        auth: {} as never,
        audit: { record: async (_tx, _op, entry) => void audits.push(entry.action) },
        notifications: recordingNotifier().notifier,
      },
      wallet.repo,
      refunds.repo,
    );
  });
  const balance = (id: string) => wallet.accountsById.get(id)?.balance ?? 0;

  it('books a balanced posting: balances move and each line is an entry', async () => {
    expect(
      await service.post(tx, 'test', 'r1', [
        { account: accounts.providerClearing, amount: -500, kind: 'internal' },
        { account: accounts.balance('u1'), amount: 500, kind: 'sale', description: 'x' },
      ]),
    ).toBe(true);
    expect(balance('provider:clearing')).toBe(-500);
    expect(balance('user:u1:balance')).toBe(500);
    expect(wallet.entries).toHaveLength(2);
  });

  it('books a posting once per (kind, ref): a repeat is false and moves nothing', async () => {
    const lines = [
      { account: accounts.providerClearing, amount: -500, kind: 'internal' as const },
      { account: accounts.balance('u1'), amount: 500, kind: 'sale' as const },
    ];
    expect(await service.post(tx, 'test', 'r1', lines)).toBe(true);
    expect(await service.post(tx, 'test', 'r1', lines)).toBe(false);
    expect(await service.post(tx, 'other', 'r1', lines)).toBe(true);
    expect(balance('user:u1:balance')).toBe(1_000);
    expect(wallet.entries).toHaveLength(4);
  });

  it('refuses a posting that does not net to zero, before booking anything', async () => {
    await expect(
      service.post(tx, 'test', 'r1', [{ account: accounts.balance('u1'), amount: 1, kind: 'sale' }]),
    ).rejects.toMatchObject({ kind: 'internal' });
    expect(wallet.postings.size).toBe(0);
  });

  it('locks accounts in one fixed order, whatever the order of the lines', async () => {
    await service.post(tx, 'a', '1', [
      { account: accounts.providerClearing, amount: -300, kind: 'internal' },
      { account: accounts.balance('zed'), amount: 100, kind: 'sale' },
      { account: accounts.balance('amy'), amount: 200, kind: 'sale' },
    ]);
    await service.post(tx, 'a', '2', [
      { account: accounts.balance('amy'), amount: -50, kind: 'purchase' },
      { account: accounts.balance('zed'), amount: 50, kind: 'sale' },
    ]);
    expect(wallet.locked).toEqual([
      'provider:clearing',
      'user:amy:balance',
      'user:zed:balance',
      'user:amy:balance',
      'user:zed:balance',
    ]);
  });

  it('refuses to take a balance or an escrow below zero with a 409; provider clearing may go negative', async () => {
    await expect(
      service.post(tx, 'buy', '1', [
        { account: accounts.balance('u1'), amount: -1, kind: 'purchase' },
        { account: accounts.ordersClearing, amount: 1, kind: 'internal' },
      ]),
    ).rejects.toMatchObject({ kind: 'conflict', message: '錢包餘額不足', reason: 'insufficient_balance' });
    await expect(
      service.post(tx, 'fill', '1', [
        { account: accounts.escrow('u1'), amount: -1, kind: 'bid_escrow' },
        { account: accounts.balance('u2'), amount: 1, kind: 'sale' },
      ]),
    ).rejects.toMatchObject({ kind: 'conflict', message: '求購預付款不足' });
    expect(wallet.entries).toEqual([]);
  });

  /** A HK$8 order paid through Stripe. */
  const order = {
    orderNo: 'TR1',
    buyerId: 'u1',
    amountCents: 800,
    currency: 'HKD',
    itemName: '龍',
    provider: 'stripe',
  };

  it('books a pay order received from the balance or the provider into orders clearing, and a mall sale out of it', async () => {
    await service.orderBooks.receive(tx, order);
    await service.orderBooks.mallSale(tx, order);
    expect(balance('provider:clearing')).toBe(-800);
    expect(balance('orders:clearing')).toBe(0);
    expect(balance('platform:sales')).toBe(800);
    await expect(
      service.orderBooks.receive(tx, { ...order, orderNo: 'TR2', provider: 'balance' }),
    ).rejects.toMatchObject({
      kind: 'conflict',
    });
  });

  it('owes a late payment back once, with one refund record, and pays it through the provider once', async () => {
    const payment = {
      provider: 'stripe' as const,
      providerRef: 'cs_1',
      paymentRef: 'pi_1',
      amountCents: 800,
      currency: 'hkd',
    };
    expect(await service.orderBooks.refundDue(tx, order, payment, 'late')).toBe(true);
    expect(await service.orderBooks.refundDue(tx, order, payment, 'late')).toBe(false);
    expect(refunds.rows).toHaveLength(1);
    expect(refunds.rows[0]).toMatchObject({
      postingRef: 'stripe:pi_1',
      amount: 800,
      currency: 'HKD',
      status: 'pending',
    });
    expect(balance('refunds:payable')).toBe(800);

    providerDown = true;
    await expect(service.payRefund(op, { id: refunds.rows[0]!.id })).rejects.toMatchObject({ kind: 'unavailable' });
    expect(refunds.rows[0]!.status).toBe('failed');
    expect(balance('refunds:payable')).toBe(800);

    providerDown = false;
    const paid = await service.payRefund(op, { id: refunds.rows[0]!.id });
    expect(paid).toMatchObject({ status: 'paid', providerRefundRef: 're_pi_1', failure: null });
    expect(refundCalls).toEqual([expect.objectContaining({ paymentRef: 'pi_1', idempotencyKey: `refund-${paid.id}` })]);
    expect(balance('refunds:payable')).toBe(0);
    expect(balance('provider:clearing')).toBe(0);
    await expect(service.payRefund(op, { id: paid.id })).rejects.toMatchObject({ kind: 'conflict' });
    expect(audits).toEqual(['refund.fail', 'refund.pay']);
  });
});
