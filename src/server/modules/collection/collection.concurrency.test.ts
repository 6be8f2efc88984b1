import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardInfos, cards, exchangeCodes, themeExchanges } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TEST_DATABASE_URL } from '../../testing/test-db';
import { addTheme, give, signIn } from './collection-fixtures';

if (!TEST_DATABASE_URL) console.log('skipped: collection concurrency tests need PostgreSQL (set TEST_DATABASE_URL)');

/** Real concurrent requests against PostgreSQL (PGlite has a single connection, so it cannot race). */
describe.skipIf(!TEST_DATABASE_URL)('collection races on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ postgres: true, poolSize: 25 });
    await addTheme(t, 'thm_r', [
      { id: 'ci_r1', rarity: 'N', editionSize: 2 },
      { id: 'ci_r2', rarity: 'SR', editionSize: 3 },
      { id: 'ci_r3', rarity: 'UR', editionSize: 5 },
    ]);
    await addTheme(t, 'thm_set', [{ id: 'ci_x1' }, { id: 'ci_x2' }, { id: 'ci_x3' }], {
      id: 'ci_xb',
      editionSize: 100,
    });
    await addTheme(t, 'thm_one', [{ id: 'ci_o1', editionSize: 1000 }]);
  });
  afterAll(() => t?.close());

  it('50 users redeeming one code at once: exactly one gets the card', async () => {
    const [code] = (await t.app.services.codes.createBatch({ cardInfoId: 'ci_o1', count: 1 })).codes;
    const users = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signIn(t, `+85297${String(i).padStart(6, '0')}`)),
    );
    const results = await Promise.all(
      users.map((u, i) => t.call('POST', 'card/exchange', { body: { code }, token: u.token, ip: `10.1.0.${i}` })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const minted = await t.db
      .select({ ownerId: cards.ownerId, serial: cards.serial })
      .from(cards)
      .where(eq(cards.cardInfoId, 'ci_o1'));
    expect(minted).toHaveLength(1);
    const [row] = await t.db.select().from(exchangeCodes).where(eq(exchangeCodes.cardInfoId, 'ci_o1'));
    expect(row).toMatchObject({ status: 'used', usedBy: minted[0]!.ownerId });
    const [info] = await t.db.select({ minted: cardInfos.minted }).from(cardInfos).where(eq(cardInfos.id, 'ci_o1'));
    expect(info!.minted).toBe(1);
  });

  it('random theme codes redeemed at once never mint past an edition', async () => {
    const { codes } = await t.app.services.codes.createBatch({ themeId: 'thm_r', count: 25 });
    const users = await Promise.all(
      Array.from({ length: 25 }, (_, i) => signIn(t, `+85295${String(i).padStart(6, '0')}`)),
    );
    const results = await Promise.all(
      users.map((u, i) =>
        t.call('POST', 'card/exchange', { body: { code: codes[i] }, token: u.token, ip: `10.2.0.${i}` }),
      ),
    );
    // 2 + 3 + 5 editions: ten cards, then the theme is sold out.
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409)).toHaveLength(15);
    const minted = await t.db
      .select({ cardInfoId: cards.cardInfoId, serial: cards.serial })
      .from(cards)
      .where(inArray(cards.cardInfoId, ['ci_r1', 'ci_r2', 'ci_r3']));
    const serials = (id: string) =>
      minted
        .filter((m) => m.cardInfoId === id)
        .map((m) => m.serial)
        .sort((a, b) => a - b);
    expect([serials('ci_r1'), serials('ci_r2'), serials('ci_r3')]).toEqual([
      [1, 2],
      [1, 2, 3],
      [1, 2, 3, 4, 5],
    ]);
    const infos = await t.db
      .select({ minted: cardInfos.minted, editionSize: cardInfos.editionSize })
      .from(cardInfos)
      .where(eq(cardInfos.themeId, 'thm_r'));
    for (const info of infos) expect(info.minted).toBe(info.editionSize);
    // The codes that found the theme sold out are still unused.
    const used = await t.db
      .select({ id: exchangeCodes.id })
      .from(exchangeCodes)
      .where(and(eq(exchangeCodes.themeId, 'thm_r'), eq(exchangeCodes.status, 'used')));
    expect(used).toHaveLength(10);
  });

  it('20 concurrent exchangeBCard calls by one user: one B card, one set consumed', async () => {
    for (const copies of [1, 2]) {
      const u = await signIn(t);
      // With two copies of each card a second exchange would find a second set: only the once-per-theme rule stops it.
      for (const id of ['ci_x1', 'ci_x2', 'ci_x3']) await give(t, u.userId, id, copies);
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          t.call('POST', 'card/exchangeBCard', { body: { themeId: 'thm_set' }, token: u.token }),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(19);
      const mine = await t.db
        .select({ cardInfoId: cards.cardInfoId, status: cards.status })
        .from(cards)
        .where(eq(cards.ownerId, u.userId));
      expect(mine.filter((c) => c.cardInfoId === 'ci_xb')).toHaveLength(1);
      expect(mine.filter((c) => c.status === 'consumed')).toHaveLength(3);
      expect(mine.filter((c) => c.cardInfoId !== 'ci_xb' && c.status === 'held')).toHaveLength(3 * (copies - 1));
      expect(await t.db.select().from(themeExchanges).where(eq(themeExchanges.userId, u.userId))).toHaveLength(1);
    }
  });
});
