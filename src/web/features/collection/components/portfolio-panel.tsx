import type { ReactNode } from 'react';
import { Collapse } from 'antd-mobile';
import { formatHkd } from '../../../../shared/money';
import { formatHkdChange } from '../../../../shared/money-change';
import { COST_RULE_LABELS } from '../../../../shared/sale-ways';
import {
  NO_COST_RULE_LABEL,
  VALUE_SOURCE_LABELS,
  type PortfolioItem,
  type PortfolioSummary,
} from '../../../../shared/schemas/portfolio';
import { getPortfolioSummary } from '../../../api/get-portfolio-summary';
import { ErrorState, LoadingState } from '../../../components/state-views';
import { useLoad } from '../../../lib/use-load';
import { PortfolioHistoryView } from './portfolio-history';
import '../portfolio.css';

/** A gain or loss with its sign, coloured by it (the sign says it too). */
const Pnl = ({ cents }: { cents: number | null }) =>
  cents === null ? (
    <span>—</span>
  ) : (
    <span className={cents > 0 ? 'pnl-up' : cents < 0 ? 'pnl-down' : undefined}>{formatHkdChange(cents)}</span>
  );

function Totals({ s }: { s: PortfolioSummary }) {
  const rows: [string, ReactNode][] = [
    ['估值', s.priced === 0 ? '未有價格' : formatHkd(s.value)],
    ['成本', formatHkd(s.cost)],
    ['未實現損益', <Pnl key="u" cents={s.unrealised} />],
    ['已實現損益（扣除手續費）', <Pnl key="r" cents={s.realised} />],
  ];
  if (s.change !== null) rows.push([`較 ${s.changeSince} 變動`, <Pnl key="c" cents={s.change} />]);
  return (
    <>
      <dl className="portfolio-totals">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="portfolio-note">
        共 {s.items} 件，其中 {s.priced} 件有價格。估值取市場價；成交太少時取最低叫價；兩者皆無則不計入估值。
      </p>
    </>
  );
}

function ItemLine({ i }: { i: PortfolioItem }) {
  return (
    <li className="portfolio-item">
      <span className="portfolio-item-name">
        {i.name}
        {i.serialLabel ? ` ${i.serialLabel}` : ''}
      </span>
      <span>
        成本 {formatHkd(i.cost)}（{i.costRule ? COST_RULE_LABELS[i.costRule] : NO_COST_RULE_LABEL}）
      </span>
      <span>
        {i.value === null
          ? VALUE_SOURCE_LABELS.none
          : `估值 ${formatHkd(i.value)}（${VALUE_SOURCE_LABELS[i.valueSource]}）`}
        {i.unrealised !== null && (
          <>
            ，損益 <Pnl cents={i.unrealised} />
          </>
        )}
      </span>
    </li>
  );
}

/** 收藏估值 on /my/collection: cost, value, profit and loss, by theme and by item, and the value over time. */
export function PortfolioPanel() {
  const state = useLoad(getPortfolioSummary, []);
  return (
    <section id="portfolio" className="portfolio-panel" aria-labelledby="portfolio-title">
      <h2 id="portfolio-title" className="portfolio-title">
        收藏估值
      </h2>
      {state.status === 'loading' && <LoadingState label="正在計算收藏估值…" />}
      {state.status === 'error' && <ErrorState title="未能載入收藏估值" onRetry={state.reload} />}
      {state.status === 'ready' && (
        <>
          <Totals s={state.data} />
          <Collapse>
            <Collapse.Panel key="themes" title="按卡冊">
              <ul className="portfolio-themes">
                {state.data.themes.map((t) => (
                  <li key={t.themeId ?? 'goods'} className="portfolio-item">
                    <span className="portfolio-item-name">{t.name}</span>
                    <span>
                      {t.items} 件，估值 {formatHkd(t.value)}，成本 {formatHkd(t.cost)}
                    </span>
                    <span>
                      未實現 <Pnl cents={t.unrealised} />
                      ，已實現 <Pnl cents={t.realised} />
                    </span>
                  </li>
                ))}
              </ul>
            </Collapse.Panel>
            <Collapse.Panel key="items" title="每件成本及估值">
              <ul className="portfolio-themes">
                {state.data.list.map((i) => (
                  <ItemLine key={i.itemId} i={i} />
                ))}
              </ul>
            </Collapse.Panel>
          </Collapse>
          <PortfolioHistoryView />
        </>
      )}
    </section>
  );
}
