import { formatHkDate } from '../../../../shared/hk-time';
import type { Feedback } from '../../../../shared/schemas/standing';
import { useLoad } from '../../../lib/use-load';
import { listFeedback } from '../api/list-feedback';
import './standing.css';

const RECENT = 5;
const RATING: Record<Feedback['rating'], string> = { up: '👍 好評', down: '👎 差評' };

/** The storefront's 最近評價: the last few 👍 / 👎 the trader received, with their comments. */
export function RecentFeedback({ userId }: { userId: string }) {
  const list = useLoad(() => listFeedback({ id: userId, page: 1, pageSize: RECENT }), [userId]);
  return (
    <section className="market-section" aria-labelledby="feedback-title">
      <h2 id="feedback-title" className="market-section-title">
        最近評價
      </h2>
      {list.status === 'loading' && <p className="market-muted">正在載入評價…</p>}
      {list.status === 'error' && <p className="market-muted">未能載入評價。</p>}
      {list.status === 'ready' &&
        (list.data.length === 0 ? (
          <p className="market-muted">未有評價。</p>
        ) : (
          <ul className="feedback-list">
            {list.data.map((f) => (
              <li key={f.id} className="feedback-item">
                <span className="feedback-meta">
                  {RATING[f.rating]}・{f.author.nickname}（{f.authorRole === 'buyer' ? '買家' : '賣家'}）・
                  {formatHkDate(f.createdAt)}
                </span>
                {f.hidden ? <p className="market-muted">（評語已被平台隱藏）</p> : f.comment && <p>{f.comment}</p>}
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
