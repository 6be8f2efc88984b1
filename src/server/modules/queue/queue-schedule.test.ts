import { describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client';
import type { QueueRepository } from './queue.repository';
import { createDropViews, DROP_VIEW_TTL_MS, type DropSale } from './queue-schedule';

const KEY = { kind: 'card' as const, id: 'ci_1' };

/** Drop views over a sale whose stock the test sets, counting the reads; `fail` makes the next reads throw. */
function views() {
  let t = 0;
  const state = { left: 10, reads: 0, fail: false, release: () => {} };
  let gate: Promise<void> = Promise.resolve();
  const hold = () => (gate = new Promise<void>((resolve) => (state.release = resolve)));
  const saleOf = async (): Promise<DropSale> => {
    state.reads++;
    const left = state.left;
    await gate;
    if (state.fail) throw new Error('database away');
    return { hot: true, left, saleState: 'on_sale', saleStartsAt: new Date(0), perUserLimit: 1 };
  };
  const repo = { get: async () => null } as unknown as QueueRepository;
  const v = createDropViews({ db: {} as Executor, now: () => t }, { saleOf, repo });
  return { v, state, hold, advance: (ms: number) => (t += ms) };
}

describe('drop views', () => {
  it('answers a stale view at once while one read renews it, then the renewed one', async () => {
    const { v, state, hold, advance } = views();
    expect((await v.get(KEY)).sale.left).toBe(10);
    expect(state.reads).toBe(1);
    state.left = 3;
    advance(DROP_VIEW_TTL_MS);
    hold();
    // The renewal is held: every ask meanwhile gets the kept view, and only one read is made.
    const during = await Promise.all([v.get(KEY), v.get(KEY), v.get(KEY)]);
    expect(during.map((d) => d.sale.left)).toEqual([10, 10, 10]);
    expect(state.reads).toBe(2);
    state.release();
    await new Promise((r) => setTimeout(r, 0));
    expect((await v.get(KEY)).sale.left).toBe(3);
    expect(state.reads).toBe(2);
  });

  it('forgets a drop whose renewal failed, so the next ask reads it again and waits for it', async () => {
    const { v, state, advance } = views();
    await v.get(KEY);
    state.fail = true;
    advance(DROP_VIEW_TTL_MS);
    expect((await v.get(KEY)).sale.left).toBe(10);
    await new Promise((r) => setTimeout(r, 0));
    await expect(v.get(KEY)).rejects.toThrow('database away');
    state.fail = false;
    state.left = 7;
    expect((await v.get(KEY)).sale.left).toBe(7);
  });
});
