import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALE_WAYS } from '../../shared/sale-ways';
import type { NotificationPage } from '../../shared/schemas/notifications';
import type { PortfolioSummary } from '../../shared/schemas/portfolio';
import { saleItems, sales } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/test-app';
import { reportCheck } from './report';
import {
  matrixOperator,
  READER_IDS,
  saleViewsKit,
  type Before,
  type Kit,
  type Reader,
  type Seen,
  type Staged,
  type Trade,
  type User,
} from './sale-views-kit';
import { MARKET_WAYS } from './sale-views-market-ways';
import { OFFICE_READERS, todayFigures } from './sale-views-office';
import { TRADER_READERS } from './sale-views-readers';
import { SET_WAYS } from './sale-views-set-ways';
import { PLATFORM_WAYS } from './sale-views-ways';

/**
 * Every way of trading, a row each: a perk-discounted purchase, a counter-offer, 賣給他 into a bid's second copy and a
 * set completed from the mall are rows of their own beside the way they record.
 */
const ROWS = [...PLATFORM_WAYS, ...MARKET_WAYS, ...SET_WAYS];
/** Every view of a completed trade, in the order of READER_IDS. */
const READERS: (Reader | undefined)[] = READER_IDS.map((id) =>
  [...TRADER_READERS, ...OFFICE_READERS].find((r) => r.id === id),
);

const noticeIds = async (k: Kit, u: User | null) =>
  new Set(
    u
      ? ((await k.get<NotificationPage>(u, 'notification/list', { pageSize: 50 })).data?.list ?? []).map((n) => n.id)
      : [],
  );

/** What the readers compare against once the trade is made: taken after the way's set-up, before its trade. */
async function takeBefore(k: Kit, staged: Staged): Promise<Before> {
  const ids = await k.t.db.select({ id: sales.id }).from(sales);
  const realised = staged.seller ? (await k.get<PortfolioSummary>(staged.seller, 'portfolio/summary')).data : null;
  return {
    saleIds: new Set(ids.map((r) => r.id)),
    today: await todayFigures(k),
    sellerRealised: realised?.realised ?? null,
    noticeIds: { buyer: await noticeIds(k, staged.buyer), seller: await noticeIds(k, staged.seller) },
  };
}

/** The sale records the trade wrote: the buyer's new ones, and the one holding the trade's units. */
async function seenOf(k: Kit, t: Trade, before: Before): Promise<Seen> {
  const mine = await k.t.db.select().from(sales).where(eq(sales.buyerId, t.buyer.userId));
  const newSales = mine.filter((s) => !before.saleIds.has(s.id));
  const items = newSales.length
    ? await k.t.db
        .select()
        .from(saleItems)
        .where(
          inArray(
            saleItems.saleId,
            newSales.map((s) => s.id),
          ),
        )
    : [];
  const holding = items.find((i) => i.itemId === t.units[0]?.itemId)?.saleId;
  const sale = newSales.find((s) => s.id === holding) ?? (newSales.length === 1 ? newSales[0]! : null);
  return { before, newSales, sale, units: items.filter((i) => i.saleId === sale?.id) };
}

/**
 * Machine check (issue 44, decision 049): every way of trading is made once on a fresh database, through the API, and
 * every view of a completed trade is asked about it. Each must show the trade with the right amounts, or the way's row
 * says why it does not apply. A way of trading without its row fails.
 */
describe('sale views matrix', () => {
  let t: TestApp;
  let k: Kit;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000000' } });
    k = saleViewsKit(t, await matrixOperator(t));
  });
  afterAll(() => t?.close());

  it('has a row for every way of trading, and a reader for every view; what does not apply says why', () => {
    expect(
      SALE_WAYS.filter((w) => !ROWS.some((r) => r.way === w)).map(
        (w) => `${w}: a way of trading with no row in the sale views matrix (src/server/checks/sale-views-*ways.ts)`,
      ),
    ).toEqual([]);
    expect(READER_IDS.filter((_, i) => !READERS[i])).toEqual([]);
    const bad = ROWS.flatMap((r) =>
      Object.entries(r.notApplicable)
        .filter(([id, why]) => !READER_IDS.includes(id as never) || id === 'books' || !why || why.length < 10)
        .map(([id]) => `${r.name}: ${id}`),
    );
    expect(bad).toEqual([]);
  });

  it('shows every trade in every view with the right amounts', async () => {
    const missing: string[] = [];
    let notApplicable = 0;
    for (const row of ROWS) {
      const applies = (READERS as Reader[]).filter((r) => !row.notApplicable[r.id]);
      notApplicable += READERS.length - applies.length;
      let trade: Trade;
      let seen: Seen;
      try {
        const staged = await row.stage(k);
        const before = await takeBefore(k, staged);
        trade = await staged.trade();
        seen = await seenOf(k, trade, before);
      } catch (e) {
        for (const r of applies) missing.push(`${row.name} × ${r.id}: the trade was not made: ${(e as Error).message}`);
        continue;
      }
      for (const reader of applies) {
        const problems = await reader.check(k, trade, seen).catch((e: Error) => [`threw ${e.stack ?? e.message}`]);
        if (problems.length) missing.push(`${row.name} (${row.way}) × ${reader.id}: ${problems.join('; ')}`);
      }
    }
    reportCheck(
      'sale views',
      t.dbKind,
      { ways: ROWS.length, readers: READERS.length, 'not applicable': notApplicable, missing: missing.length },
      { missing, readers: (READERS as Reader[]).map((r) => `${r.id}: ${r.asks}`) },
      `${ROWS.length} ways × ${READERS.length} readers, ${missing.length} missing`,
    );
    expect(missing).toEqual([]);
  }, 600_000);
});
