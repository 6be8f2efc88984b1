import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk } from './lazy-screen';

afterEach(() => vi.useRealTimers());

describe('loadChunk (seed §2, §8)', () => {
  it('resolves the module when it loads in time', async () => {
    const mod = { default: () => null };
    await expect(loadChunk(() => Promise.resolve(mod))).resolves.toBe(mod);
  });

  it('fails with the generic JavaScript message after 120 000 ms', async () => {
    vi.useFakeTimers();
    let outcome: unknown = 'pending';
    loadChunk(() => new Promise(() => {})).catch((e: unknown) => (outcome = e));
    await vi.advanceTimersByTimeAsync(119_999);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(ChunkLoadError);
    expect((outcome as Error).message).toBe('JavaScript chunk load failed');
  });

  it('turns a failed script into "JavaScript chunk load failed"', async () => {
    await expect(
      loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))),
    ).rejects.toThrow(/^JavaScript chunk load failed$/);
  });

  it('turns a failed stylesheet into "CSS chunk load failed"', async () => {
    await expect(loadChunk(() => Promise.reject(new Error('Unable to preload CSS for /assets/x.css')))).rejects.toThrow(
      /^CSS chunk load failed$/,
    );
  });
});
