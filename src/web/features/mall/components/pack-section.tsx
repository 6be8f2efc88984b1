import { Link } from 'react-router';
import { formatHkd } from '../../../../shared/money';
import { SALE_STATE_LABELS } from '../../../../shared/sale-states';
import type { PackSeries } from '../../../../shared/schemas/packs';
import { useLoad } from '../../../lib/use-load';
import { listPacks } from '../api/list-packs';
import '../../../components/list-row.css';
import '../mall.css';
import './pack-section.css';

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
 * 卡包 on /mall's 卡牌 tab: the pack series on sale or coming soon, each opening /mall/pack. Loaded after the screen
 * (not on /mall's first load); nothing while it loads, when there is none or when the list cannot be had.
 */
export function PackSection() {
  const packs = useLoad(listPacks, []);
  if (packs.status !== 'ready' || packs.data.length === 0) return null;
  return (
    <section className="pack-strip" aria-labelledby="pack-strip-title">
      <h2 id="pack-strip-title" className="pack-strip-title">
        卡包
      </h2>
      <ul className="pack-strip-list">
        {packs.data.map((p) => (
          <PackRow key={p.id} pack={p} />
        ))}
      </ul>
    </section>
  );
}
