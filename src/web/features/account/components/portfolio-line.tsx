import { List } from 'antd-mobile';
import { PayCircleOutline } from 'antd-mobile-icons';
import { formatHkd } from '../../../../shared/money';
import { formatHkdChange } from '../../../../shared/money-change';
import type { PortfolioSummary } from '../../../../shared/schemas/portfolio';
import { LinkItem } from '../../../components/link-item';
import { getPortfolioSummary } from '../../../api/get-portfolio-summary';
import { useLoad } from '../../../lib/use-load';

/** 「HK$270.00（+HK$10.00）」: the value now and its change since the last daily snapshot. */
export function portfolioLineText(s: PortfolioSummary): string {
  if (s.items === 0) return '未有收藏';
  const value = s.priced === 0 ? '未有價格' : formatHkd(s.value);
  return s.change === null ? value : `${value}（${formatHkdChange(s.change)}）`;
}

/** /my: one line, 收藏估值 and its change, opening the full view in /my/collection. */
export function PortfolioLine() {
  const state = useLoad(getPortfolioSummary, []);
  const extra =
    state.status === 'ready' ? portfolioLineText(state.data) : state.status === 'loading' ? '…' : '未能載入';
  return (
    <List className="section-list">
      <LinkItem to="/my/collection" prefix={<PayCircleOutline aria-hidden="true" />} extra={extra}>
        收藏估值
      </LinkItem>
    </List>
  );
}
