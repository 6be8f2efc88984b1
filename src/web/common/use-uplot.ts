import { useEffect, type DependencyList, type RefObject } from 'react';
import type uPlot from 'uplot';
import { HK_TIME_ZONE } from '../../shared/hk-time';

/** What a chart draws: its options (less the size, the time zone, legend and cursor, set here) and its columns. */
export interface UplotDrawing {
  options: Omit<uPlot.Options, 'width' | 'height' | 'tzDate' | 'legend' | 'cursor'>;
  data: uPlot.AlignedData;
}

/**
 * Draws a uPlot chart into `box`: the library (and its CSS) is imported when a chart first draws (decisions 032, 045),
 * times are shown in Hong Kong, the chart follows the box's width (rotation, a desktop window) and is destroyed when
 * `deps` change or the component goes. `build` returns null when there is nothing to draw. The chart is an extra (the
 * screens say the same in a sentence and a table), so a failed import draws nothing.
 */
export function useUplot(
  box: RefObject<HTMLElement | null>,
  height: number,
  build: (el: HTMLElement) => UplotDrawing | null,
  deps: DependencyList,
): void {
  useEffect(() => {
    const el = box.current;
    const drawing = el ? build(el) : null;
    if (!el || !drawing) return;
    let live = true;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (!live) return;
        chart = new UPlot(
          {
            ...drawing.options,
            width: el.clientWidth || 300,
            height,
            tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), HK_TIME_ZONE),
            legend: { show: false },
            cursor: { show: false },
          },
          drawing.data,
          el,
        );
        observer = new ResizeObserver(() => chart?.setSize({ width: el.clientWidth || 300, height }));
        observer.observe(el);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      observer?.disconnect();
      chart?.destroy();
    };
    // The caller's deps stand for what `build` reads (a hook taking its deps, like useMemo).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}
