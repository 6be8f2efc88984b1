import { useEffect, useRef } from 'react';
import type { PricePoint } from '../../shared/schemas/prices';

const HEIGHT = 170;
const HK = 'Asia/Hong_Kong';

/**
 * The daily median with the day's low and high, drawn by uPlot. The library (and its CSS) is imported here, when a
 * chart first draws, so only the two screens with a price history fetch it (decision 032). The drawing is hidden from
 * screen readers: the panel around it says the same in a sentence and a table.
 */
export function PriceChart({ points }: { points: PricePoint[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || points.length === 0) return;
    let live = true;
    let chart: { destroy(): void; setSize(s: { width: number; height: number }): void } | null = null;
    let observer: ResizeObserver | null = null;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (!live) return;
        const color = getComputedStyle(el).getPropertyValue('--adm-color-primary').trim() || '#5b3fd6';
        const dollars = (v: number) => `$${Math.round(v / 100)}`;
        chart = new UPlot(
          {
            width: el.clientWidth || 300,
            height: HEIGHT,
            tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), HK),
            legend: { show: false },
            cursor: { show: false },
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
          [
            points.map((p) => Date.parse(`${p.day}T12:00:00+08:00`) / 1000),
            points.map((p) => p.median),
            points.map((p) => p.low),
            points.map((p) => p.high),
          ],
          el,
        );
        // Follows the width of the screen (rotation, a desktop window).
        observer = new ResizeObserver(() => chart?.setSize({ width: el.clientWidth || 300, height: HEIGHT }));
        observer.observe(el);
      })
      // The chart is an extra: the sentence and the table above say everything it draws.
      .catch(() => undefined);
    return () => {
      live = false;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [points]);
  return <div ref={box} className="price-chart" aria-hidden="true" />;
}
