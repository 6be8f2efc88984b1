import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatHkDateTime } from '../../../shared/hk-time';
import { formatHkd } from '../../../shared/money';
import { SALE_STATE_LABELS } from '../../../shared/sale-states';
import type { PackSeriesDetail } from '../../../shared/schemas/packs';
import { EmptyState, ErrorState, LoadingState } from '../../components/state-views';
import { useLoad } from '../../lib/use-load';
import { getPack } from './api/get-pack';
import { MyPacks } from './components/my-packs';
import { PackBuy } from './components/pack-buy';
import { PackFairness } from './components/pack-fairness';
import { PackOdds } from './components/pack-odds';
import { PackOpening } from './components/pack-reveal';
import '../../components/form-controls.css';
import './packs.css';

// Only hot series show the waiting room: its code comes with them, not with every pack screen (decision 044).
const QueuePanel = lazy(() => import('../../components/queue-panel'));
const FairnessReport = lazy(() => import('../../components/queue-panel').then((m) => ({ default: m.FairnessReport })));

/** 發售時間 in words: when it opens and closes, in Hong Kong time. */
const saleTimes = (p: PackSeriesDetail): string =>
  [
    p.saleStartsAt && `${formatHkDateTime(p.saleStartsAt)} 開售`,
    p.saleEndsAt && `${formatHkDateTime(p.saleEndsAt)} 停售`,
  ]
    .filter(Boolean)
    .join('，') || '長期發售';

function Facts({ pack }: { pack: PackSeriesDetail }) {
  const facts: [string, string][] = [
    ['售價', `${formatHkd(pack.priceCents)}／包`],
    ['每包', `${pack.cardsPerPack} 張卡牌`],
    ['尚餘', `${pack.packsLeft}／${pack.packsTotal} 包（卡池尚餘 ${pack.unitsRemaining} 張）`],
    ['每人限購', `${pack.perUserLimit} 包`],
    ['發售時間', saleTimes(pack)],
  ];
  if (pack.guarantee)
    facts.push(['保底', `每買 ${pack.guarantee.every} 包，最少有 1 張 ${pack.guarantee.minRarity} 或以上`]);
  return (
    <dl className="pack-facts">
      {facts.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A hot series' waiting room while it sells (the buy part opens on the buyer's turn), its fairness report after. */
function PackQueue({ pack, onAdmitted }: { pack: PackSeriesDetail; onAdmitted: (admitted: boolean) => void }) {
  const selling = pack.saleState === 'on_sale' || pack.saleState === 'upcoming';
  // Open while it sold: its report is asked within a spread (FairnessReport).
  const wasSelling = useRef(selling).current;
  return (
    <Suspense fallback={<section className="queue-panel" aria-hidden="true" />}>
      {selling ? (
        <QueuePanel kind="pack" id={pack.id} saleState={pack.saleState} onAdmitted={onAdmitted} />
      ) : (
        <FairnessReport kind="pack" id={pack.id} spread={wasSelling} />
      )}
    </Suspense>
  );
}

function PackBody({ pack, orderNo }: { pack: PackSeriesDetail; orderNo: string | null }) {
  const [admitted, setAdmitted] = useState(false);
  return (
    <article className="pack" aria-labelledby="pack-title">
      <img className="pack-cover" src={pack.cover} alt="" width={320} height={180} />
      <div className="pack-head">
        <h2 id="pack-title">{pack.name}</h2>
        <span className={`pack-state pack-state-${pack.saleState}`}>
          {pack.hot && '熱門・'}
          {SALE_STATE_LABELS[pack.saleState]}
        </span>
      </div>
      {pack.description && <p className="pack-description">{pack.description}</p>}
      {orderNo && <PackOpening orderNo={orderNo} />}
      {pack.hot && <PackQueue pack={pack} onAdmitted={setAdmitted} />}
      <Facts pack={pack} />
      {pack.saleState === 'on_sale' || pack.saleState === 'upcoming' ? (
        <PackBuy pack={pack} waiting={pack.hot && !admitted} />
      ) : null}
      <MyPacks seriesId={pack.id} current={orderNo} />
      <PackOdds pack={pack} />
      <PackFairness pack={pack} />
    </article>
  );
}

/** /mall/pack?id=: a pack series (odds of what remains, commitment, buy); with &orderNo=, the paid pack to open. */
export default function PackScreen() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const orderNo = params.get('orderNo')?.trim() || null;
  const pack = useLoad(() => getPack(id), [id, orderNo]);
  if (!id)
    return (
      <EmptyState
        title="未有選擇卡包"
        description={
          <>
            請到<Link to="/mall">商城</Link>選擇想查看的卡包。
          </>
        }
      />
    );
  if (pack.status === 'loading') return <LoadingState label="正在載入卡包…" />;
  if (pack.status === 'error')
    return pack.failure.code === 404 ? (
      <EmptyState
        title="找不到這個卡包"
        description={
          <>
            可能已下架或連結有誤，請返回<Link to="/mall">商城</Link>看看。
          </>
        }
      />
    ) : (
      <ErrorState title="未能載入卡包" onRetry={pack.reload} />
    );
  return <PackBody pack={pack.data} orderNo={orderNo} />;
}
