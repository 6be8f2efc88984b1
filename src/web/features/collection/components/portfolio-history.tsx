import { Selector } from 'antd-mobile';
import { useState } from 'react';
import { formatHkd } from '../../../../shared/money';
import { formatHkdChange } from '../../../../shared/money-change';
import {
  PORTFOLIO_RANGES,
  PORTFOLIO_RANGE_LABELS,
  type PortfolioPoint,
  type PortfolioRange,
} from '../../../../shared/schemas/portfolio';
import { PriceChart } from '../../../components/price-chart';
import { ErrorState, LoadingState } from '../../../components/state-views';
import { useLoad } from '../../../lib/use-load';
import { getPortfolioHistory } from '../api/get-portfolio-history';

/** The chart in one sentence: what screen readers hear, and what everyone reads above the drawing. */
export function historySentence(points: PortfolioPoint[], range: PortfolioRange): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return `${PORTFOLIO_RANGE_LABELS[range]}內未有估值紀錄。`;
  if (first === last) return `${last.day} 估值 ${formatHkd(last.value)}，成本 ${formatHkd(last.cost)}。`;
  return (
    `${PORTFOLIO_RANGE_LABELS[range]}內估值由 ${first.day} 的 ${formatHkd(first.value)} ` +
    `變為 ${last.day} 的 ${formatHkd(last.value)}（${formatHkdChange(last.value - first.value)}），` +
    `最新成本 ${formatHkd(last.cost)}。`
  );
}

/** 估值走勢: the daily snapshots of a range, drawn (value solid, cost dashed) and said in a sentence. */
export function PortfolioHistoryView() {
  const [range, setRange] = useState<PortfolioRange>('30d');
  const state = useLoad(() => getPortfolioHistory(range), [range]);
  return (
    <section className="portfolio-history" aria-labelledby="portfolio-history-title">
      <h3 id="portfolio-history-title" className="portfolio-subtitle">
        估值走勢
      </h3>
      <div role="group" aria-label="時間範圍">
        <Selector
          options={PORTFOLIO_RANGES.map((r) => ({ label: PORTFOLIO_RANGE_LABELS[r], value: r }))}
          value={[range]}
          onChange={(v) => v[0] && setRange(v[0])}
          showCheckMark={false}
          className="compact-selector"
        />
      </div>
      {state.status === 'loading' && <LoadingState label="正在載入估值走勢…" />}
      {state.status === 'error' && <ErrorState title="未能載入估值走勢" onRetry={state.reload} />}
      {state.status === 'ready' && (
        <>
          <p className="portfolio-note">{historySentence(state.data.points, range)}</p>
          {state.data.points.length > 1 && (
            <>
              <PriceChart
                points={state.data.points.map((p) => ({
                  day: p.day,
                  median: p.value,
                  low: p.cost,
                  high: p.cost,
                  count: 1,
                }))}
              />
              <p className="portfolio-note" aria-hidden="true">
                實線：估值；虛線：成本
              </p>
            </>
          )}
        </>
      )}
    </section>
  );
}
