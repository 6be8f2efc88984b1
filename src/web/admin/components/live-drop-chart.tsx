import { useRef } from 'react';
import { useUplot } from '../../common/use-uplot';
import type { LiveDropSeries } from '../lib/types';

const HEIGHT = 220;
const LEFT_COLOUR = '#0b57d0';
const PAID_COLOUR = '#2e7d32';
const ORDERED_COLOUR = '#a15c00';
const QUEUE_COLOUR = '#6b3fa0';

/** A queue length seen by one poll of the view (the server keeps no queue history). */
export interface QueuePoint {
  at: number;
  waiting: number;
}

/**
 * Stock left, units ordered and paid per minute, and the waiting room as polled, drawn by uPlot (loaded when the chart
 * first draws, like the app's price chart: useUplot, decision 045). Hidden from screen readers: the screen says the same in a
 * sentence and a table.
 */
export function LiveDropChart({ minutes, queue }: { minutes: LiveDropSeries['minutes']; queue: QueuePoint[] }) {
  const box = useRef<HTMLDivElement>(null);
  useUplot(
    box,
    HEIGHT,
    () => {
      if (minutes.length === 0) return null;
      const xs = minutes.map((m) => Date.parse(m.at) / 1000);
      // Each queue sample at the minute it was seen in; minutes without one have no point.
      const waiting = xs.map((x) => {
        const seen = queue.filter((q) => Math.floor(q.at / 60_000) * 60 === x);
        return seen.length > 0 ? seen[seen.length - 1]!.waiting : null;
      });
      return {
        options: {
          scales: { x: { time: true }, units: { auto: true }, queue: { auto: true } },
          series: [
            {},
            { stroke: LEFT_COLOUR, width: 2, scale: 'units' },
            { stroke: ORDERED_COLOUR, width: 1, scale: 'units', points: { show: false } },
            { stroke: PAID_COLOUR, width: 2, scale: 'units', points: { show: false } },
            { stroke: QUEUE_COLOUR, width: 1, dash: [4, 4], scale: 'queue', spanGaps: true },
          ],
          axes: [
            { stroke: '#444', size: 30, space: 60 },
            { stroke: '#444', size: 44, scale: 'units' },
            { stroke: QUEUE_COLOUR, size: 44, scale: 'queue', side: 1, grid: { show: false } },
          ],
        },
        data: [xs, minutes.map((m) => m.left), minutes.map((m) => m.ordered), minutes.map((m) => m.paid), waiting],
      };
    },
    [minutes, queue],
  );
  return (
    <figure style={{ margin: 0 }}>
      <div className="admin-legend" aria-hidden="true">
        <span style={{ ['--swatch' as string]: LEFT_COLOUR }}>剩餘數量</span>
        <span style={{ ['--swatch' as string]: ORDERED_COLOUR }}>每分鐘下單</span>
        <span style={{ ['--swatch' as string]: PAID_COLOUR }}>每分鐘付款</span>
        <span style={{ ['--swatch' as string]: QUEUE_COLOUR }}>輪候人數</span>
      </div>
      <div ref={box} className="admin-live-chart" aria-hidden="true" />
    </figure>
  );
}
