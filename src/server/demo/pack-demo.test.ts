import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackSeries, PackSeriesDetail } from '../../shared/schemas/packs';
import { seedDemo } from '../db/seed';
import { createTestApp, type TestApp } from '../testing/test-app';
import { seedDemoPacks } from './pack-demo';

describe('the demo pack series', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.db, t.clock.now());
  });
  afterAll(() => t.close());

  it('is on sale with a guarantee, once', async () => {
    const started = Date.now();
    expect(await seedDemoPacks(t.db, t.app.services.packs, t.clock.now())).toBe(true);
    console.info(`demo pack series seeded in ${Date.now() - started} ms`);
    expect(await seedDemoPacks(t.db, t.app.services.packs, t.clock.now())).toBe(false);
    const list = (await t.call<PackSeries[]>('GET', 'pack/list')).data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ saleState: 'on_sale', hot: true, guarantee: { minRarity: 'SR', every: 10 } });
    const detail = (await t.call<PackSeriesDetail>('GET', 'pack/detail', { query: { id: list[0]!.id } })).data;
    expect(detail.rarityOdds.some((r) => r.rarity === 'SR' || r.rarity === 'SSR')).toBe(true);
  });
});
