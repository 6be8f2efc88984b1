import { formatHkDate } from '../../../../shared/hk-time';
import { STANDING_MIN_TRADES } from '../../../../shared/constants';
import type { Standing } from '../../../../shared/schemas/standing';
import { useLoad } from '../../../lib/use-load';
import { getSeller } from '../api/get-seller';
import './standing.css';

/** A typical response in words: 約 45 分鐘 / 約 3 小時 / 約 2 日. */
export function formatResponse(minutes: number): string {
  if (minutes < 60) return `約 ${Math.max(1, minutes)} 分鐘`;
  if (minutes < 48 * 60) return `約 ${Math.round(minutes / 60)} 小時`;
  return `約 ${Math.round(minutes / 1440)} 日`;
}

/**
 * A trader's standing (issue 21 §4): member since and verified always; sales, purchases, completion rate, typical
 * response and 👍 share only from 5 trades (the server sends none before), 「交易未滿 5 次」 until then.
 */
export function StandingFacts({ standing, label }: { standing: Standing; label: string }) {
  const s = standing;
  return (
    <dl className="market-facts standing-facts" aria-label={label}>
      <div>
        <dt>加入日期</dt>
        <dd>{formatHkDate(s.memberSince)}</dd>
      </div>
      <div>
        <dt>實名認證</dt>
        <dd>{s.verified ? '已認證' : '未認證'}</dd>
      </div>
      {s.enough ? (
        <>
          <div>
            <dt>已售出</dt>
            <dd>{s.sales} 次</dd>
          </div>
          <div>
            <dt>已買入</dt>
            <dd>{s.purchases} 次</dd>
          </div>
          <div>
            <dt>完成率</dt>
            <dd>{s.completionRate}%</dd>
          </div>
          <div>
            <dt>求購成交</dt>
            <dd>{s.typicalResponseMinutes === null ? '未有紀錄' : formatResponse(s.typicalResponseMinutes)}</dd>
          </div>
          <div>
            <dt>好評率</dt>
            <dd>{s.thumbsUpShare === null ? '未有評價' : `👍 ${s.thumbsUpShare}%（${s.feedbackCount} 個）`}</dd>
          </div>
        </>
      ) : (
        <div className="standing-few">
          <dt>交易紀錄</dt>
          <dd>交易未滿 {STANDING_MIN_TRADES} 次</dd>
        </div>
      )}
    </dl>
  );
}

/** The standing of a listing's seller (or bidder), loaded on its own so the listing shows first. */
export function SellerStanding({ userId, label }: { userId: string; label: string }) {
  const seller = useLoad(() => getSeller(userId), [userId]);
  if (seller.status !== 'ready') return null;
  return <StandingFacts standing={seller.data.standing} label={label} />;
}
