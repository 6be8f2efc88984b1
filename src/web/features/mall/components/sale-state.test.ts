import { describe, expect, it } from 'vitest';
import { formatCountdown } from '../../../../shared/hk-time';
import { inPriorityWindow, liveState, notBuyableReason } from './sale-state';

const T = Date.parse('2026-11-22T04:00:00.000Z');
const item = (over: Partial<Parameters<typeof liveState>[0]> = {}) => ({
  saleState: 'upcoming' as const,
  saleStartsAt: new Date(T + 60_000).toISOString(),
  saleEndsAt: null,
  left: 5,
  ...over,
});

describe('liveState', () => {
  it('keeps the server state until the start passes, then opens the sale', () => {
    expect(liveState(item(), T)).toBe('upcoming');
    expect(liveState(item(), T + 59_999)).toBe('upcoming');
    expect(liveState(item(), T + 60_000)).toBe('on_sale');
    expect(liveState(item({ left: 0 }), T + 60_000)).toBe('sold_out');
  });

  it('ends a sale when its end passes', () => {
    const onSale = item({ saleState: 'on_sale', saleStartsAt: null, saleEndsAt: new Date(T + 1000).toISOString() });
    expect(liveState(onSale, T)).toBe('on_sale');
    expect(liveState(onSale, T + 1000)).toBe('ended');
  });

  it('never moves sold out, ended or not for sale back to buyable', () => {
    for (const s of ['sold_out', 'ended', 'not_for_sale'] as const)
      expect(liveState(item({ saleState: s, saleStartsAt: null }), T)).toBe(s);
  });
});

describe('priority windows', () => {
  const opens = new Date(T - 1000).toISOString();
  it('lets holders order inside the window, and nobody before it', () => {
    expect(inPriorityWindow(item({ priorityStartsAt: opens }), 'upcoming', T)).toBe(true);
    expect(notBuyableReason(item({ priorityStartsAt: opens }), 'upcoming', T)).toBeNull();
    expect(inPriorityWindow(item({ priorityStartsAt: new Date(T + 1).toISOString() }), 'upcoming', T)).toBe(false);
    expect(notBuyableReason(item({ priorityStartsAt: null }), 'upcoming', T)).toMatch(/^將於 .+ 開售$/);
    expect(inPriorityWindow(item({ priorityStartsAt: opens }), 'sold_out', T)).toBe(false);
  });
});

describe('formatCountdown', () => {
  it('shows hours, minutes and seconds, with days when longer', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(3_661_000)).toBe('01:01:01');
    expect(formatCountdown(2 * 86_400_000 + 5_000)).toBe('2 日 00:00:05');
    expect(formatCountdown(-5)).toBe('00:00:00');
    expect(formatCountdown(86_400_000 + 86_399_000, { short: true })).toBe('1 日 23:59');
    expect(formatCountdown(3_661_000, { short: true })).toBe('01:01:01');
  });
});

describe('notBuyableReason', () => {
  it('explains each state that blocks 立即購買 in zh-HK', () => {
    expect(notBuyableReason(item(), 'on_sale')).toBeNull();
    // 04:01 UTC is 12:01 in Hong Kong.
    expect(notBuyableReason(item(), 'upcoming')).toBe('將於 11月22日 12:01 開售');
    expect(notBuyableReason(item(), 'sold_out')).toMatch(/^已售罄/);
    expect(notBuyableReason(item(), 'ended')).toMatch(/^發售已結束/);
    expect(notBuyableReason({ ...item(), isBCard: true }, 'not_for_sale')).toMatch(/B 卡/);
    expect(notBuyableReason(item(), 'not_for_sale')).toMatch(/兌換碼/);
  });
});
