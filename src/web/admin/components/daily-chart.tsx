import { formatHkd } from '../lib/format';

interface Day {
  date: string;
  sales: number;
  gmv: number;
  fees: number;
}

const W = 760;
const H = 240;
const PAD = { left: 64, right: 12, top: 12, bottom: 36 };
const GMV_COLOUR = '#0b57d0';
const FEES_COLOUR = '#b45309';

/**
 * GMV and fees by day as paired bars (an SVG: no chart library for one chart). The figures are
 * also in the table under it, so the chart itself is one image with a summary for screen readers.
 */
export function DailyChart({ days }: { days: Day[] }) {
  const max = Math.max(1, ...days.map((d) => d.gmv), ...days.map((d) => d.fees));
  const slot = (W - PAD.left - PAD.right) / Math.max(1, days.length);
  const bar = Math.max(1, slot / 2 - 1);
  const y = (v: number) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - v / max);
  const totalGmv = days.reduce((n, d) => n + d.gmv, 0);
  const totalFees = days.reduce((n, d) => n + d.fees, 0);
  const totalSales = days.reduce((n, d) => n + d.sales, 0);
  const ticks = [0, 0.5, 1].map((f) => Math.round(max * f));
  const labelEvery = Math.ceil(days.length / 10);

  return (
    <figure style={{ margin: 0 }}>
      <div className="admin-legend" aria-hidden="true">
        <span style={{ ['--swatch' as string]: GMV_COLOUR }}>成交額</span>
        <span style={{ ['--swatch' as string]: FEES_COLOUR }}>手續費</span>
      </div>
      <div className="admin-chart-scroll">
        <svg
          viewBox={`0 0 ${W} ${H}`}
          className="admin-chart"
          role="img"
          aria-label={`最近 ${days.length} 日：共 ${totalSales} 筆銷售，成交額 ${formatHkd(totalGmv)}，手續費 ${formatHkd(totalFees)}`}
        >
          {ticks.map((t) => (
            <g key={t}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="#e5e5e5" />
              <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end">
                {formatHkd(t).replace('.00', '')}
              </text>
            </g>
          ))}
          {days.map((d, i) => {
            const x = PAD.left + i * slot;
            return (
              <g key={d.date}>
                <rect x={x + 1} y={y(d.gmv)} width={bar} height={H - PAD.bottom - y(d.gmv)} fill={GMV_COLOUR} />
                <rect
                  x={x + 1 + bar}
                  y={y(d.fees)}
                  width={bar}
                  height={H - PAD.bottom - y(d.fees)}
                  fill={FEES_COLOUR}
                />
                {i % labelEvery === 0 ? (
                  <text x={x + slot / 2} y={H - PAD.bottom + 16} textAnchor="middle">
                    {d.date.slice(5)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </div>
      <figcaption className="admin-muted">每日成交額及手續費（香港時間）</figcaption>
    </figure>
  );
}
