import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocalBroadcast } from '../../adapters/broadcast';
import { loadConfig } from '../../config';
import { memoryLog } from '../../testing/fakes';
import type { StreamMessage } from '../../../shared/schemas/live';
import { createLiveService, STOCK_COALESCE_MS } from './live.service';

/** The live service with a fake catalogue: stock bursts are coalesced, per topic. */
describe('live service', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setUp = () => {
    let left = 100;
    const reads: string[] = [];
    let moved: (item: { kind: 'card' | 'product'; id: string }) => void = () => undefined;
    const catalogue = {
      onSupplyChange: (fn: typeof moved) => {
        moved = fn;
        return () => undefined;
      },
      supplyState: async (item: { id: string }) => {
        reads.push(item.id);
        return { saleState: 'on_sale' as const, left, total: 100, taken: 100 - left };
      },
    };
    const config = loadConfig({ NODE_ENV: 'test' });
    const live = createLiveService({ broadcast: createLocalBroadcast(), config, log: memoryLog() }, { catalogue });
    const got: StreamMessage[] = [];
    live.open('1.1.1.1', ['drop:a', 'drop:b'], null, (m) => got.push(m));
    return { live, reads, got, move: (id: string) => moved({ kind: 'card', id }), take: () => left-- };
  };

  it(`sends at most one stock event per topic per ${STOCK_COALESCE_MS} ms, the last with the state after the burst`, async () => {
    const { reads, got, move, take } = setUp();
    take();
    move('a');
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toEqual(['a']);
    for (let i = 0; i < 20; i++) {
      take();
      move('a');
    }
    move('b');
    await vi.advanceTimersByTimeAsync(STOCK_COALESCE_MS - 1);
    // The other topic is not held back by the first one's burst.
    expect(reads).toEqual(['a', 'b']);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toEqual(['a', 'b', 'a']);
    expect(got.filter((m) => m.topic === 'drop:a').map((m) => (m.event as { left: number }).left)).toEqual([99, 79]);
  });
});
