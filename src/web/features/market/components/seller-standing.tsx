import { formatHkDate } from '../../../../shared/hk-time';
import { STANDING_MIN_TRADES } from '../../../../shared/constants';
import type { Standing } from '../../../../shared/schemas/standing';
import { useLoad } from '../../../lib/use-load';
import { getSeller } from '../api/get-seller';
import { Fact } from '../../../components/fact';
import { STANDING_TERMS as T, StandingSlot } from './standing-slot';
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
      <Fact term={T.since}>{formatHkDate(s.memberSince)}</Fact>
      <Fact term={T.verified}>{s.verified ? '已認證' : '未認證'}</Fact>
      {s.enough ? (
        <>
          <Fact term={T.sales}>{s.sales} 次</Fact>
          <Fact term={T.purchases}>{s.purchases} 次</Fact>
          <Fact term={T.completion}>{s.completionRate}%</Fact>
          <Fact term={T.response}>
            {s.typicalResponseMinutes === null ? '未有紀錄' : formatResponse(s.typicalResponseMinutes)}
          </Fact>
          <Fact term={T.thumbs}>
            {s.thumbsUpShare === null ? '未有評價' : `👍 ${s.thumbsUpShare}%（${s.feedbackCount} 個）`}
          </Fact>
        </>
      ) : (
        <Fact term="交易紀錄" className="standing-few">
          交易未滿 {STANDING_MIN_TRADES} 次
        </Fact>
      )}
    </dl>
  );
}

/**
 * The standing of a listing's seller (or bidder), loaded on its own so the listing shows first; its box is held while
 * it loads (nothing if it cannot be had).
 */
export function SellerStanding({ userId, label }: { userId: string; label: string }) {
  const seller = useLoad(() => getSeller(userId), [userId]);
  if (seller.status === 'loading') return <StandingSlot />;
  if (seller.status !== 'ready') return null;
  return <StandingFacts standing={seller.data.standing} label={label} />;
}
