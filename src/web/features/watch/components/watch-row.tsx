import { Button, Tag } from 'antd-mobile';
import { Link } from 'react-router';
import { formatHkd } from '../../../../shared/money';
import { LISTING_STATUS_LABELS } from '../../../../shared/schemas/market';
import { WATCH_KIND_LABELS, type WatchItem } from '../../../../shared/schemas/watch';
import { PriceAlertButton } from '../../../components/sheet-buttons';
import { Fact } from '../../../components/fact';
import { thumbnail } from '../../../../shared/pictures';
import { sideOfSellType } from '../../../../shared/market-labels';

/** The screen a watched item opens. */
export function watchTargetPath(w: Pick<WatchItem, 'kind' | 'id'>): string {
  const id = encodeURIComponent(w.id);
  if (w.kind === 'cardInfo') return `/mall/detail?id=${id}`;
  if (w.kind === 'product') return `/mall/goodsDetail?id=${id}`;
  if (w.kind === 'listing') return `/market/detail?id=${id}`;
  return `/market/user?id=${id}`;
}

const price = (cents: number | null) => (cents === null ? '—' : formatHkd(cents));

/** 「自加入 +HK$5.00（市場價）」: the change on the basis it was added on; null when it cannot be told. */
function changeText(w: WatchItem): string | null {
  if (w.basis === null) return null;
  const basis = w.basis === 'market' ? '市場價' : w.kind === 'listing' ? '掛單價' : '最低售價';
  if (w.change === null) return `自加入：未能比較（${basis}）`;
  if (w.change === 0) return `自加入：沒有變動（${basis}）`;
  return `自加入：${w.change > 0 ? '+' : '−'}${formatHkd(Math.abs(w.change))}（${basis}）`;
}

/** One watched item: picture, name (opens its screen), prices now, change since added, and 移除. */
export function WatchRow({ item: w, onRemove }: { item: WatchItem; onRemove: (w: WatchItem) => void }) {
  const name = w.name ?? '已不存在的項目';
  const change = changeText(w);
  return (
    <li className="watch-row">
      {w.image ? (
        <img src={thumbnail(w.image)} alt="" width={56} height={w.kind === 'cardInfo' ? 78 : 56} loading="lazy" />
      ) : (
        <div className="watch-row-placeholder" aria-hidden="true">
          寶
        </div>
      )}
      <div className="watch-row-text">
        <p className="watch-row-head">
          <Tag fill="outline">{WATCH_KIND_LABELS[w.kind]}</Tag>{' '}
          {w.name === null ? (
            <span className="watch-row-name">{name}</span>
          ) : (
            <Link to={watchTargetPath(w)} className="watch-row-name">
              {name}
            </Link>
          )}
        </p>
        {w.listing && (
          <p className="watch-row-meta">
            {sideOfSellType(w.listing.sell_type) === 'sell' ? '售價' : '出價'} {formatHkd(w.listing.price)}・
            {LISTING_STATUS_LABELS[w.listing.status]}
          </p>
        )}
        {w.kind !== 'seller' && w.name !== null && (
          <dl className="watch-row-prices">
            <Fact term="最低售價">{price(w.lowestAsk)}</Fact>
            <Fact term="最高出價">{price(w.highestBid)}</Fact>
            <Fact term="市場價">{price(w.marketPrice)}</Fact>
          </dl>
        )}
        {change && <p className="watch-row-meta">{change}</p>}
        {(w.kind === 'cardInfo' || w.kind === 'product') && w.name !== null && (
          <PriceAlertButton
            compact
            target={{
              kind: w.kind === 'cardInfo' ? 'card' : 'goods',
              id: w.id,
              name: w.name,
              lowestAsk: w.lowestAsk,
              highestBid: w.highestBid,
            }}
          />
        )}
      </div>
      <Button size="small" fill="outline" onClick={() => onRemove(w)} aria-label={`移除關注：${name}`}>
        移除
      </Button>
    </li>
  );
}
