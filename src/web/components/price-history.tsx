import { useId, useState } from 'react';
import { formatHkd } from '../../shared/money';
import { formatHkDateTime } from '../../shared/hk-time';
import { PRICE_RANGE_LABELS, PRICE_RANGES, SALE_EXCLUSION_LABELS, type PriceRange } from '../../shared/price-labels';
import type { PriceHistory } from '../../shared/schemas/prices';
import { getPriceHistory } from '../api/get-price-history';
import { useLoad } from '../lib/use-load';
import { PriceChart } from './price-chart';
import './price-history.css';

const dayLabel = (day: string) => {
  const [, m, d] = day.split('-');
  return `${Number(m)}月${Number(d)}日`;
};

/** What the chart shows, in one sentence (a screen reader's way in; everyone reads it). */
export function historySummary(h: PriceHistory): string {
  const range = PRICE_RANGE_LABELS[h.range];
  const mp = h.marketPrice;
  const now =
    mp.price === null
      ? '暫時未有市場價'
      : `市場價 ${formatHkd(mp.price)}（${mp.sample} 筆${mp.thin ? '，成交稀少' : ''}）`;
  const change =
    h.change === null
      ? ''
      : h.change === 0
        ? '，與期初相同'
        : `，較期初${h.change > 0 ? '上升' : '下跌'} ${formatHkd(Math.abs(h.change))}（${Math.abs(h.changePct ?? 0)}%）`;
  if (h.points.length === 0) return `${range}：${now}${change}。此時段未有計入市場價的成交。`;
  const low = Math.min(...h.points.map((p) => p.low));
  const high = Math.max(...h.points.map((p) => p.high));
  const count = h.points.reduce((n, p) => n + p.count, 0);
  return `${range}：${now}${change}。${h.points.length} 日共 ${count} 宗成交，最低 ${formatHkd(low)}，最高 ${formatHkd(high)}。`;
}

function HistoryBody({ h }: { h: PriceHistory }) {
  const left = h.sales.filter((s) => s.excluded);
  return (
    <>
      <p className="price-history-summary">{historySummary(h)}</p>
      {h.points.length > 0 && <PriceChart points={h.points} />}
      {(h.points.length > 0 || left.length > 0) && (
        <details className="price-history-details">
          <summary>查看每日成交數據</summary>
          {h.points.length > 0 && (
            <div className="price-history-table-wrap">
              <table className="price-history-table">
                <caption className="visually-hidden">每日成交價（計入市場價的成交）</caption>
                <thead>
                  <tr>
                    <th scope="col">日期</th>
                    <th scope="col">中位數</th>
                    <th scope="col">最低</th>
                    <th scope="col">最高</th>
                    <th scope="col">宗數</th>
                  </tr>
                </thead>
                <tbody>
                  {[...h.points].reverse().map((p) => (
                    <tr key={p.day}>
                      <th scope="row">{dayLabel(p.day)}</th>
                      <td>{formatHkd(p.median)}</td>
                      <td>{formatHkd(p.low)}</td>
                      <td>{formatHkd(p.high)}</td>
                      <td>{p.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {left.length > 0 && (
            <>
              <h4 className="price-history-left-title">未計入市場價的成交</h4>
              <ul className="price-history-left">
                {left.map((s, i) => (
                  <li key={`${s.at}-${i}`}>
                    {formatHkDateTime(s.at)}・{formatHkd(s.price)}・{s.reason ? SALE_EXCLUSION_LABELS[s.reason] : ''}
                  </li>
                ))}
              </ul>
            </>
          )}
        </details>
      )}
    </>
  );
}

/**
 * A card info's / product's price history with range tabs (7 日 / 30 日 / 90 日 / 全部): the summary sentence, the
 * chart, and the points as a table in a disclosure.
 */
export function PriceHistoryPanel({
  kind,
  id,
  level = 2,
  className = '',
}: {
  kind: 'card' | 'goods';
  id: string;
  level?: 2 | 3;
  /** The screen's section class (spacing and background). */
  className?: string;
}) {
  const [range, setRange] = useState<PriceRange>('30d');
  const state = useLoad(() => getPriceHistory(kind, id, range), [kind, id, range]);
  const titleId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={`price-history ${className}`.trim()} aria-labelledby={titleId}>
      <Heading id={titleId} className="price-history-title">
        價格走勢
      </Heading>
      <div className="price-range-tabs" role="group" aria-label="時間範圍">
        {PRICE_RANGES.map((r) => (
          <button key={r} type="button" aria-pressed={r === range} onClick={() => setRange(r)}>
            {PRICE_RANGE_LABELS[r]}
          </button>
        ))}
      </div>
      <div aria-live="polite" aria-busy={state.status === 'loading'}>
        {state.status === 'loading' && <p className="price-history-summary">正在載入價格走勢…</p>}
        {state.status === 'error' && (
          <p className="price-history-summary">
            未能載入價格走勢。
            <button type="button" className="link-button price-history-retry" onClick={state.reload}>
              重試
            </button>
          </p>
        )}
        {state.status === 'ready' && <HistoryBody h={state.data} />}
      </div>
    </section>
  );
}
