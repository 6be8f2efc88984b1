import { describe, expect, it } from 'vitest';
import { NO_STANDING_FIGURES } from '../../../shared/schemas/standing';
import { standingOf } from './standing.service';

const counts = (over: Partial<Parameters<typeof standingOf>[0]> = {}) => ({
  memberSince: new Date('2026-01-01T00:00:00Z'),
  verified: true,
  sales: 0,
  purchases: 0,
  ended: 0,
  responseMinutes: null,
  up: 0,
  down: 0,
  ...over,
});

describe('standingOf', () => {
  it('sends no figure below 5 trades, whatever the counts', () => {
    const s = standingOf(counts({ sales: 3, purchases: 1, ended: 4, responseMinutes: 30, up: 4 }));
    expect(s).toEqual({ memberSince: '2026-01-01T00:00:00.000Z', verified: true, ...NO_STANDING_FIGURES });
    expect(Object.entries(NO_STANDING_FIGURES).filter(([, v]) => v !== null)).toEqual([['enough', false]]);
  });

  it('counts sales and purchases together towards 5, and rounds shares down (199 of 200 is 99 %, not 100 %)', () => {
    expect(standingOf(counts({ sales: 2, purchases: 3, ended: 5 }))).toMatchObject({
      enough: true,
      completionRate: 100,
    });
    expect(standingOf(counts({ sales: 150, purchases: 49, ended: 200, up: 2, down: 1 }))).toMatchObject({
      completionRate: 99,
      thumbsUpShare: 66,
      feedbackCount: 3,
    });
    expect(standingOf(counts({ sales: 5, ended: 5 })).thumbsUpShare).toBeNull();
  });
});
