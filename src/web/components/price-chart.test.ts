import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { axisLabel, dayStart, priceDrawing, xRange } from './price-chart';

const DAY = 86_400;
const point = (day: string) => ({ day, median: 2_200, low: 2_000, high: 2_400, count: 1 });

/** The chart's time axis (issue 44: one day's sales were labelled 2027 / 2028 / 2029). */
describe('price chart axis', () => {
  it('spans a day either side of a single day, whatever range uPlot proposes for one instant', () => {
    const d = priceDrawing([point('2026-12-07')], 'red');
    const x = dayStart('2026-12-07');
    const range = d.options.scales!.x!.range as (u: uPlot, min: number, max: number, key: string) => number[];
    // uPlot's own guess for a single instant: 1 000 days on.
    expect(range({} as uPlot, x, x + 1_000 * DAY, 'x')).toEqual([x - DAY, x + DAY]);
    expect(xRange([dayStart('2026-11-30'), x])).toEqual([dayStart('2026-11-30'), x]);
  });

  it('labels ticks by Hong Kong day, or month and year when the steps are that long', () => {
    // Midnight in Hong Kong is 16:00 the day before in UTC: the label is Hong Kong's day.
    const midnight = Date.parse('2026-12-06T16:00:00Z') / 1000;
    expect(dayStart('2026-12-07')).toBe(midnight);
    const values = priceDrawing([point('2026-12-07')], 'red').options.axes![0]!.values as (...a: unknown[]) => string[];
    expect(values({}, [midnight - DAY, midnight, midnight + DAY], 0, 64, DAY)).toEqual([
      '12月6日',
      '12月7日',
      '12月8日',
    ]);
    expect(axisLabel(midnight, 30 * DAY)).toBe('2026年12月');
    expect(axisLabel(Date.parse('2025-12-31T16:00:00Z') / 1000, 365 * DAY)).toBe('2026年');
  });
});
