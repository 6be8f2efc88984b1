import { useRef } from 'react';
import type { PricePoint } from '../../shared/schemas/prices';
import { useUplot } from '../common/use-uplot';

const HEIGHT = 170;

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
      const dollars = (v: number) => `$${Math.round(v / 100)}`;
      return {
        options: {
          scales: { x: { time: true } },
          series: [
            {},
            { stroke: color, width: 2, points: { show: true, size: 6, fill: color } },
            { stroke: '#8a86a0', width: 1, dash: [4, 4], points: { show: false } },
            { stroke: '#8a86a0', width: 1, dash: [4, 4], points: { show: false } },
          ],
          axes: [
            { stroke: '#5b5870', size: 30, space: 60 },
            { stroke: '#5b5870', size: 48, values: (_u, splits) => splits.map(dollars) },
          ],
        },
        data: [
          points.map((p) => Date.parse(`${p.day}T12:00:00+08:00`) / 1000),
          points.map((p) => p.median),
          points.map((p) => p.low),
          points.map((p) => p.high),
        ],
      };
    },
    [points],
  );
  return <div ref={box} className="price-chart" aria-hidden="true" />;
}
