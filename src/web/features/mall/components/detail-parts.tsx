import { Link } from 'react-router';
import type { Right } from '../../../../shared/schemas/catalogue';
import { GoneState } from '../../../components/go-button';
import { EmptyState, ErrorState, LoadingState } from '../../../components/state-views';
import { formatCountdown, formatHkDayTime } from '../../../../shared/hk-time';
import type { Failure } from '../../../lib/request';

/** Loading, not found and error states shared by both detail screens. */
export function DetailStates({
  status,
  failure,
  reload,
  what,
}: {
  status: 'loading' | 'error';
  failure?: Failure;
  reload: () => void;
  what: string;
}) {
  if (status === 'loading') return <LoadingState label={`正在載入${what}…`} />;
  if (failure?.code === 404) {
    return (
      <GoneState
        title={`找不到這${what === '卡牌' ? '張' : '件'}${what}`}
        description="可能已下架或連結有誤，請返回商城看看其他商品。"
        back={['/mall', '返回商城']}
      />
    );
  }
  return <ErrorState title={`未能載入${what}`} onRetry={reload} />;
}

export function MissingId({ what }: { what: string }) {
  return (
    <EmptyState
      title={`未有選擇${what}`}
      description={
        <>
          請到<Link to="/mall">商城</Link>選擇想查看的{what}。
        </>
      }
    />
  );
}

export function Rights({ rights }: { rights: Right[] }) {
  if (rights.length === 0) return null;
  return (
    <section className="detail-section" aria-labelledby="rights-title">
      <h3 id="rights-title">持有權益</h3>
      <ul className="rights">
        {rights.map((r) => (
          <li key={r.title}>
            <strong>{r.title}</strong>
            <p>{r.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * 距離開售 countdown banner for an upcoming item; inside a priority window (`priority`), 持卡人優先購買中 and the time
 * to the public sale.
 */
export function StartCountdown({
  startsAt,
  now,
  priority = false,
}: {
  startsAt: string;
  now: number;
  priority?: boolean;
}) {
  const label = priority ? '持卡人優先購買中・距離公開發售' : '距離開售';
  return (
    <div
      className="start-countdown"
      role="timer"
      aria-label={`${label} ${formatCountdown(Date.parse(startsAt) - now)}`}
    >
      <span>{label}</span>
      <strong aria-hidden="true">{formatCountdown(Date.parse(startsAt) - now)}</strong>
      <small>{formatHkDayTime(startsAt)} 開售</small>
    </div>
  );
}

export function saleWindow(startsAt: string | null, endsAt: string | null): string {
  if (startsAt && endsAt) return `${formatHkDayTime(startsAt)} 至 ${formatHkDayTime(endsAt)}`;
  if (startsAt) return `${formatHkDayTime(startsAt)} 起`;
  if (endsAt) return `至 ${formatHkDayTime(endsAt)}`;
  return '長期發售';
}
