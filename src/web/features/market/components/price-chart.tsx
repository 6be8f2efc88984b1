import { formatHkd } from '../../../../shared/money';
import { formatHkDayTime } from '../../../../shared/hk-time';

export interface SalePoint {
  priceCents: number;
  at: string;
}

const W = 320;
const H = 140;
const PAD = { top: 12, right: 12, bottom: 22, left: 12 };
const dayLabel = (iso: string) => formatHkDayTime(iso).split(' ')[0]!;

/**
 * Recent sale prices as a small SVG line (oldest on the left). Plain SVG rather than a chart library:
 * a single series needs no axes engine, and it costs nothing outside this screen. The numbers are
 * also given as text (lowest, highest, latest) so a screen reader does not need the drawing.
 */
export function PriceChart({ sales }: { sales: SalePoint[] }) {
  const points = [...sales].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  if (points.length === 0) return <p className="market-muted">暫時未有成交紀錄。</p>;
  const prices = points.map((p) => p.priceCents);
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  const span = max - min || 1;
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length === 1 ? innerW / 2 : (i / (points.length - 1)) * innerW);
  const y = (cents: number) => PAD.top + (max === min ? innerH / 2 : innerH - ((cents - min) / span) * innerH);
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.priceCents).toFixed(1)}`).join(' ');
  const latest = points[points.length - 1]!;
  const summary = `最近 ${points.length} 宗成交，最低 ${formatHkd(min)}，最高 ${formatHkd(max)}，最新 ${formatHkd(latest.priceCents)}`;
  return (
    <figure className="price-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={summary}
        preserveAspectRatio="none"
        className="price-chart-svg"
      >
        <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} className="price-chart-axis" />
        <path d={path} className="price-chart-line" fill="none" />
        {points.map((p, i) => (
          <circle key={`${p.at}-${i}`} cx={x(i)} cy={y(p.priceCents)} r={3} className="price-chart-dot" />
        ))}
        <text x={PAD.left} y={H - 6} className="price-chart-label">
          {dayLabel(points[0]!.at)}
        </text>
        <text x={W - PAD.right} y={H - 6} textAnchor="end" className="price-chart-label">
          {dayLabel(latest.at)}
        </text>
      </svg>
      <figcaption className="price-chart-caption">{summary}</figcaption>
    </figure>
  );
}
