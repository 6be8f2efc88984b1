import { Link } from 'react-router';
import type { CardInfo } from '../../../../shared/schemas/catalogue';
import { formatHkd } from '../../../../shared/money';
import { thumbnail } from '../../../../shared/pictures';
import { Skeleton } from '../../../components/skeleton';
import { EmptyState, ErrorState } from '../../../components/state-views';
import { useNow } from '../../../lib/use-clock';
import { useLoad } from '../../../lib/use-load';
import { getCardInfos } from '../../../api/get-card-infos';
import { SaleBadge } from './sale-badge';
import { liveState } from './sale-state';
import '../mall.css';

/** Home: card infos on sale now and coming soon, with countdowns; a tap opens the detail. */
export function DropsSection({ count = 10 }: { count?: number }) {
  const drops = useLoad(() => getCardInfos({ page: 1, pageSize: count, saleState: ['on_sale', 'upcoming'] }), [count]);
  // Upcoming first: the countdowns are what brings people back.
  const items: CardInfo[] =
    drops.status === 'ready'
      ? [...drops.data].sort((a, b) => Number(b.saleState === 'upcoming') - Number(a.saleState === 'upcoming'))
      : [];
  const now = useNow(items.some((c) => c.saleState === 'upcoming'));

  let body;
  // The strip's own height while it loads, so the articles below do not move when it arrives.
  if (drops.status === 'loading') body = <Skeleton shape="tile" count={3} label="正在載入發售資訊…" />;
  else if (drops.status === 'error') body = <ErrorState title="未能載入發售資訊" onRetry={drops.reload} />;
  else if (items.length === 0) {
    body = (
      <EmptyState
        title="暫時未有發售"
        description={
          <>
            新一彈即將推出，可先到<Link to="/mall">商城</Link>看看實物商品。
          </>
        }
      />
    );
  } else {
    body = (
      <ul className="drops">
        {items.map((c) => (
          <li key={c.id} className="drop">
            <img src={thumbnail(c.image)} alt="" width={128} height={179} loading="lazy" />
            <Link to={`/mall/detail?id=${encodeURIComponent(c.id)}`} className="drop-name stretched-link">
              {c.name}
            </Link>
            <span className="drop-price">{c.priceCents === null ? '' : formatHkd(c.priceCents)}</span>
            <SaleBadge
              state={liveState(c, now)}
              startsAt={c.saleStartsAt}
              now={now}
              priorityStartsAt={c.priorityStartsAt}
              short
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="section" aria-labelledby="drops-title">
      <div className="section-head">
        <h2 className="section-title" id="drops-title">
          發售中及即將開售
        </h2>
        <Link to="/mall" className="section-more">
          全部
        </Link>
      </div>
      {body}
    </section>
  );
}
