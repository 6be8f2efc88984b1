import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '../../../shared/schemas/alerts';
import { listings, notifications, priceAlerts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TEST_DATABASE_URL } from '../../testing/test-db';
import { addTheme } from '../collection/collection-fixtures';
import { giveCard, trader } from '../market/market.fixtures';

if (!TEST_DATABASE_URL) console.log('skipped: the price alert race test needs PostgreSQL (set TEST_DATABASE_URL)');

describe.skipIf(!TEST_DATABASE_URL)('price alerts under real concurrency (PostgreSQL)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ postgres: true, poolSize: 20, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  });
  afterAll(() => t?.close());

  it('50 listings crossing one alert at once fire it exactly once', async () => {
    const [fan, seller] = [await trader(t), await trader(t)];
    await addTheme(t, 'alpg', [{ id: 'alpg_c1', editionSize: 100 }]);
    const made = await t.call<Alert>('POST', 'alert/create', {
      token: fan.token,
      body: { cardInfoId: 'alpg_c1', side: 'ask', op: 'below', price: 10_000 },
    });
    expect(made.status).toBe(200);
    const items = await Promise.all(Array.from({ length: 50 }, () => giveCard(t, seller.userId, 'alpg_c1')));
    const answers = await Promise.all(
      items.map((itemId, i) =>
        t.call('POST', 'market/create', {
          token: seller.token,
          body: { sell_type: 0, kind: 'card', itemId, price: 9_000 + i },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(items.map(() => 200));
    expect(await t.db.$count(listings, eq(listings.cardInfoId, 'alpg_c1'))).toBe(50);
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, fan.userId), eq(notifications.kind, 'priceAlert')));
    expect(told).toHaveLength(1);
    const [row] = await t.db.select().from(priceAlerts).where(eq(priceAlerts.id, made.data.id));
    expect(row!.armed).toBe(false);
    expect(told[0]!.data).toMatchObject({ priceCents: row!.lastFiredPrice });
  });

  // The listings of one item already queue on its market summary row (migration 0004); this checks the alert's own
  // lock by running 50 checks of open crossing listings at once, with nothing else in their transactions.
  it('50 checks at once of listings crossing one alert fire it once (the alert rows are locked)', async () => {
    const [fan, seller] = [await trader(t), await trader(t)];
    await addTheme(t, 'alpg2', [{ id: 'alpg2_c1', editionSize: 100 }]);
    const items = await Promise.all(Array.from({ length: 50 }, () => giveCard(t, seller.userId, 'alpg2_c1')));
    for (const itemId of items) {
      const body = { sell_type: 0, kind: 'card', itemId, price: 9_000 };
      expect((await t.call('POST', 'market/create', { token: seller.token, body })).status).toBe(200);
    }
    await t.call('POST', 'alert/create', {
      token: fan.token,
      body: { cardInfoId: 'alpg2_c1', side: 'ask', op: 'below', price: 10_000 },
    });
    const rows = await t.db.select().from(listings).where(eq(listings.cardInfoId, 'alpg2_c1'));
    await Promise.all(
      rows.map((l) => t.db.transaction((tx) => t.app.services.alerts.listingChanged(tx, l, 'repriced'))),
    );
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, fan.userId), eq(notifications.kind, 'priceAlert')));
    expect(told).toHaveLength(1);
  });
});
