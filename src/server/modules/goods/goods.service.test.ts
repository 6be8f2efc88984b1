import { describe, expect, it } from 'vitest';
import { createItemDepartures } from '../../item-departures';
import { ManualClock } from '../../adapters/clock';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { fakeDb } from '../../testing/fakes';
import type { GoodsRepository } from './goods.repository';
import { createGoodsService } from './goods.service';

/**
 * The goods service with an in-memory repository (STYLE.md §9, first tier): the market lists, reserves and hands
 * units over only from the status they are in, each hand-over with its provenance. The SQL and the delivery flow
 * are covered by the market, collection and shipments API tests.
 */
describe('goods service (fakes)', () => {
  const tx = { fake: 'tx' } as unknown as Tx;
  const unit = { id: 'g1', ownerId: 'u1', status: 'held' as string };
  const events: { goodsId: string; kind: string; priceCents?: number | null; toUserId?: string | null }[] = [];
  const repo = {
    async moveOne(_db, id, from, to, ownerId) {
      if (id !== unit.id || unit.status !== from || (ownerId && ownerId !== unit.ownerId)) return false;
      unit.status = to;
      return true;
    },
    async transfer(_db, input) {
      if (input.id !== unit.id || unit.ownerId !== input.fromUserId || unit.status !== input.fromStatus) return false;
      Object.assign(unit, { ownerId: input.toUserId, status: 'held' });
      return true;
    },
    async insertEvents(_db, rows) {
      events.push(...rows);
    },
  } satisfies Partial<GoodsRepository> as unknown as GoodsRepository;
  const deps = { db: fakeDb(), clock: new ManualClock(new Date('2026-11-26T01:00:00Z')) } as unknown as Deps;
  const goods = createGoodsService(deps, { catalogue: {} as never, departures: createItemDepartures() }, repo);

  it('moves a unit only from its status and owner, and hands it over with the price in its provenance', async () => {
    expect(await goods.setStatus(tx, { id: 'g1', from: 'held', to: 'listed', ownerId: 'u2' })).toBe(false);
    expect(await goods.setStatus(tx, { id: 'g1', from: 'held', to: 'listed', ownerId: 'u1' })).toBe(true);
    const sale = { id: 'g1', fromUserId: 'u1', toUserId: 'u2', priceCents: 2_000, refId: 'TR1' };
    expect(await goods.transfer(tx, { ...sale, fromStatus: 'reserved' })).toBe(false);
    expect(events).toEqual([]);
    expect(await goods.transfer(tx, { ...sale, fromStatus: 'listed' })).toBe(true);
    expect(unit).toMatchObject({ ownerId: 'u2', status: 'held' });
    expect(events).toEqual([
      expect.objectContaining({ goodsId: 'g1', kind: 'transferred', priceCents: 2_000, toUserId: 'u2' }),
    ]);
  });
});
