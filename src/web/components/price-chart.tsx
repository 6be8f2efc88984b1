import { useRef } from 'react';
import type { PricePoint } from '../../shared/schemas/prices';
import { useUplot, type UplotDrawing } from '../common/use-uplot';

const HEIGHT = 170;
const DAY_S = 86_400;
const MONTH_S = 30 * DAY_S;
const YEAR_S = 365 * DAY_S;
/** Hong Kong has kept UTC+8 all year since 1979 (shared/hk-time.ts). */
const HK_OFFSET_S = 8 * 3_600;
/** The axis' steps: whole days, months and years only (uPlot's own months and years, so its splits fall on them). */
const INCRS = [
  ...[1, 2, 3, 4, 5, 7, 10, 15].map((n) => n * DAY_S),
  ...[1, 2, 3, 4, 6].map((n) => n * MONTH_S),
  ...[1, 2, 5, 10].map((n) => n * YEAR_S),
];

/** A Hong Kong day's first instant (`2026-12-07` → its midnight in Hong Kong), in seconds: where its point sits. */
export const dayStart = (day: string) => Date.parse(`${day}T00:00:00+08:00`) / 1000;

/** A tick's label in Hong Kong time, as fine as the step between ticks: `12月7日`, `2026年12月`, `2026年`. */
export function axisLabel(ts: number, step: number): string {
  const hk = new Date((ts + HK_OFFSET_S) * 1000);
  const [y, m, d] = [hk.getUTCFullYear(), hk.getUTCMonth() + 1, hk.getUTCDate()];
  if (step >= YEAR_S) return `${y}年`;
  if (step >= MONTH_S) return `${y}年${m}月`;
  return `${m}月${d}日`;
}

/**
 * The time axis' range: the days with points, and a day either side when there is only one. uPlot widens a single
 * instant to 1 000 days by itself (its `86400 / ms`), which labelled one day's sales 2027 / 2028 / 2029.
 */
export function xRange(xs: number[]): [number, number] {
  const [first, last] = [Math.min(...xs), Math.max(...xs)];
  return first === last ? [first - DAY_S, last + DAY_S] : [first, last];
}

/** What the chart draws: the daily median (solid) with the day's low and high (dashed), by Hong Kong day. */
export function priceDrawing(points: PricePoint[], color: string): UplotDrawing {
  const xs = points.map((p) => dayStart(p.day));
  const dollars = (v: number) => `$${Math.round(v / 100)}`;
  return {
    options: {
      scales: { x: { time: true, range: () => xRange(xs) } },
      series: [
        {},
        { stroke: color, width: 2, points: { show: true, size: 6, fill: color } },
        { stroke: '#8a86a0', width: 1, dash: [4, 4], points: { show: false } },
        { stroke: '#8a86a0', width: 1, dash: [4, 4], points: { show: false } },
      ],
      axes: [
        {
          stroke: '#5b5870',
          size: 30,
          space: 64,
          incrs: INCRS,
          values: (_u, splits, _axis, _space, step) => splits.map((ts) => axisLabel(ts, step)),
        },
        { stroke: '#5b5870', size: 48, values: (_u, splits) => splits.map(dollars) },
      ],
    },
    data: [xs, points.map((p) => p.median), points.map((p) => p.low), points.map((p) => p.high)],
  };
}

/**
 * The daily median with the day's low and high, drawn by uPlot. The library (and its CSS) is imported when a chart
 * first draws (useUplot), so only the two screens with a price history fetch it (decision 032). The drawing is hidden from
 * screen readers: the panel around it says the same in a sentence and a table.
 */
export function PriceChart({ points }: { points: PricePoint[] }) {
  const box = useRef<HTMLDivElement>(null);
  useUplot(
    box,
    HEIGHT,
    (el) => {
      if (points.length === 0) return null;
      const color = getComputedStyle(el).getPropertyValue('--adm-color-primary').trim() || '#5b3fd6';
      return priceDrawing(points, color);
    },
    [points],
  );
  return <div ref={box} className="price-chart" aria-hidden="true" />;
}
