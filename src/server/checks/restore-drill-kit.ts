import { sql } from 'drizzle-orm';
import { seedDemo } from '../db/seed';
import type { Db } from '../db/client';
import { seedDemoMarket } from '../demo/market-demo';
import { seedDemoPacks } from '../demo/pack-demo';
import { giveCard, freshKey, trader } from '../modules/market/market.fixtures';
import { createDrop, createProduct } from '../modules/pay-orders/pay-orders.fixtures';
import { signInOperator } from '../testing/operator';
import type { TestApp } from '../testing/test-app';
import type { AdminHolding, AdminUser, AdminUserDetail } from '../../shared/schemas/admin-users';
import type { AdminListing } from '../../shared/schemas/admin-market';
import type { Reconcile, TrialBalance } from '../../shared/schemas/admin-ledger';
import type { CreateListingResult } from '../../shared/schemas/market';

/** The restore drills' set-up and comparisons (issue 45): what a backup must carry over, read the same way twice. */

/** Answers `data` of a call that must succeed. */
async function must<T>(t: TestApp, ...args: Parameters<TestApp['call']>): Promise<T> {
  const res = await t.call<T>(...args);
  if (res.status !== 200) throw new Error(`set-up: ${args[1]} answered ${res.status} ${res.msg}`);
  return res.data;
}

/**
 * A database with trades in it, made through the API as users would: the demo (its collectors' earlier sales and open
 * listings) when `demo`, then mall purchases of a card and goods, a market listing bought, one left open, a bid funded
 * into escrow and left open, and a withdrawal from the seller's proceeds (Trove's wallet is filled by sales and
 * refunds: it has no top-up). Answers the operator whose token reads the books.
 */
export async function makeTrades(t: TestApp, opts: { demo: boolean }) {
  if (opts.demo) {
    await seedDemo(t.db, t.clock.now());
    await seedDemoMarket(t.app.deps);
    await seedDemoPacks(t.db, t.app.services.packs, t.clock.now());
  }
  const operator = await signInOperator(t);
  const [buyer, seller] = [await trader(t), await trader(t)];
  const pay = async (user: { token: string }, body: object) => {
    const headers = { 'idempotency-key': freshKey() };
    const { orderNo } = await must<{ orderNo: string }>(t, 'POST', 'payOrder/create', {
      token: user.token,
      body,
      headers,
    });
    await confirm(orderNo);
  };
  const confirm = async (orderNo: string) => {
    const res = await t.app.inject({ method: 'POST', url: `/pay/sandbox/${orderNo}/confirm` });
    if (res.statusCode !== 303) throw new Error(`set-up: sandbox confirm of ${orderNo} answered ${res.statusCode}`);
  };
  const drop = await createDrop(t.db, { editionSize: 50, perUserLimit: 5 });
  await pay(buyer, { type: 'card', cardInfoId: drop, quantity: 2 });
  await pay(buyer, {
    type: 'product',
    productId: await createProduct(t.db, { stock: 10, perUserLimit: 5 }),
    quantity: 1,
  });

  const list = async (price: number) =>
    (
      await must<CreateListingResult>(t, 'POST', 'market/create', {
        token: seller.token,
        body: { sell_type: 0, kind: 'card', itemId: await giveCard(t, seller.userId, drop), price },
      })
    ).listing.id;
  await pay(buyer, { type: 'market', listingId: await list(20_000) });
  await list(31_000);
  const bid = await must<CreateListingResult>(t, 'POST', 'market/create', {
    token: buyer.token,
    body: { sell_type: 1, kind: 'card', cardInfoId: drop, price: 8_000 },
    headers: { 'idempotency-key': freshKey() },
  });
  await confirm(bid.orderNo!);

  await must(t, 'POST', 'sms/authSend', { token: seller.token, body: { purpose: 'withdraw' } });
  await must(t, 'POST', 'payment/withdraw', {
    token: seller.token,
    body: { amount: 10_000, code: t.sms.lastCode(seller.phone) },
  });
  return { operator };
}

/** Every page of an operator list. */
async function allPages<T>(t: TestApp, token: string, path: string, query: Record<string, string> = {}) {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const data = await must<T[]>(t, 'GET', path, { token, query: { ...query, page: String(page), pageSize: '50' } });
    rows.push(...data);
    if (data.length < 50) return rows;
  }
}

const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));

/**
 * The books, every user's holdings and the open listings as the back office reads them through the app: the trial
 * balance by account type, reconciliation's exceptions, each user's balance and escrow, the cards and goods they hold,
 * and the listings still active or reserved.
 */
export async function operatorView(t: TestApp, token: string) {
  const users = byId(await allPages<AdminUser>(t, token, 'admin/users'));
  const perUser = [];
  for (const u of users) {
    const detail = await must<AdminUserDetail>(t, 'GET', 'admin/users/detail', { token, query: { id: u.id } });
    const holdings = await allPages<AdminHolding>(t, token, 'admin/users/holdings', { id: u.id });
    perUser.push({
      id: u.id,
      balance: u.balance,
      escrow: detail.escrow,
      counts: detail.counts,
      holdings: byId(holdings).map((h) => `${h.kind} ${h.id} ${h.catalogueId} #${h.serial ?? '-'} ${h.status}`),
    });
  }
  const listings = byId([
    ...(await allPages<AdminListing>(t, token, 'admin/listings', { status: 'active' })),
    ...(await allPages<AdminListing>(t, token, 'admin/listings', { status: 'reserved' })),
  ]).map(
    (l) =>
      `${l.id} ${l.sellType} ${l.kind} ${l.status} ${l.price} ${l.itemId ?? l.cardInfoId ?? l.productId} ${l.user.id}`,
  );
  return {
    trialBalance: await must<TrialBalance>(t, 'GET', 'admin/ledger/trialBalance', { token }),
    exceptions: (await must<Reconcile>(t, 'GET', 'admin/ledger/reconcile', { token })).exceptions,
    users: perUser,
    listings,
  };
}

/** How many of the view's rows a comparison covered: accounts, users, holdings and listings. */
export const viewRows = (v: Awaited<ReturnType<typeof operatorView>>) =>
  v.trialBalance.accounts.length +
  v.users.length +
  v.users.reduce((n, u) => n + u.holdings.length, 0) +
  v.listings.length;

/**
 * Each table's row count and a digest of its rows (in text form, sorted), read straight from the database: a restore
 * carries every row of every table, not only what the views read.
 */
export async function tableDigests(db: Db): Promise<Record<string, { rows: number; md5: string | null }>> {
  const tables = (
    (await db.execute(
      sql`select schemaname || '.' || tablename as name from pg_tables where schemaname in ('public', 'drizzle') order by 1`,
    )) as unknown as { rows: { name: string }[] }
  ).rows.map((r) => r.name);
  const out: Record<string, { rows: number; md5: string | null }> = {};
  for (const name of tables) {
    const [schema, table] = name.split('.') as [string, string];
    const ref = sql.raw(`"${schema}"."${table}"`);
    const row = (
      (await db.execute(
        sql`select count(*)::int as rows, md5(string_agg(t::text, E'\n' order by t::text)) as md5 from ${ref} t`,
      )) as unknown as { rows: { rows: number; md5: string | null }[] }
    ).rows[0]!;
    out[name] = { rows: Number(row.rows), md5: row.md5 };
  }
  return out;
}
