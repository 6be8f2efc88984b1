import { Link } from 'react-router';
import { formatHkd } from '../../../../shared/money';
import { SALE_STATE_LABELS } from '../../../../shared/sale-states';
import type { PackSeries } from '../../../../shared/schemas/packs';
import { EmptyState, ErrorState, LoadingState } from '../../../components/state-views';
import { useLoad } from '../../../lib/use-load';
import { listPacks } from '../api/list-packs';
import '../../../components/list-row.css';
import '../mall.css';

function PackRow({ pack }: { pack: PackSeries }) {
  return (
    <li className="list-row">
      <img className="mall-row-image square" src={pack.cover} alt="" width={88} height={88} loading="lazy" />
      <div className="mall-row-body">
        <Link to={`/mall/pack?id=${encodeURIComponent(pack.id)}`} className="mall-row-name stretched-link">
          {pack.name}
        </Link>
        <span className="mall-row-meta">
          每包 {pack.cardsPerPack} 張・尚餘 {pack.packsLeft}／{pack.packsTotal} 包
          {pack.guarantee && `・保底 ${pack.guarantee.minRarity}`}
        </span>
        <span className="mall-row-foot">
          <strong className="mall-row-price">{formatHkd(pack.priceCents)}</strong>
          <span>
            {pack.hot ? '熱門・' : ''}
            {SALE_STATE_LABELS[pack.saleState]}
          </span>
        </span>
      </div>
    </li>
  );
}

/**
 * /mall's 卡包 tab (?tab=pack): the pack series on sale or coming soon, each opening /mall/pack. A tab of its own, in
 * a chunk of its own: above the cards it pushed them down when it arrived after them (a layout shift of 0.17).
 */
export function PackTab() {
  const packs = useLoad(listPacks, []);
  if (packs.status === 'loading') return <LoadingState label="正在載入卡包…" />;
  if (packs.status === 'error') return <ErrorState title="未能載入卡包" onRetry={packs.reload} />;
  if (packs.data.length === 0)
    return (
      <EmptyState
        title="暫時未有卡包發售"
        description={
          <>
            稍後再來看看，或先看看<Link to="/mall">發售中的卡牌</Link>。
          </>
        }
      />
    );
  return (
    <ul className="mall-list">
      {packs.data.map((p) => (
        <PackRow key={p.id} pack={p} />
      ))}
    </ul>
  );
}
