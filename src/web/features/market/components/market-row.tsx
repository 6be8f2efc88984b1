import { Link } from 'react-router';
import { formatHkd } from '../../../../shared/money';
import { bidWantText } from '../../../../shared/market-labels';
import { LISTING_SIDE_LABELS, SELL_TYPE, type ListingSide } from '../../../../shared/market-labels';
import type { MarketRow } from '../../../../shared/schemas/market';
import { EAGER_ROWS, rowImageLoading } from '../../../components/row-image';
import { WatchButton } from '../../../components/watch-button';
import '../../../components/list-row.css';
import { ItemPicture } from '../../../components/item-picture';
import { RarityTag } from '../../../components/rarity-tag';
import { MarketPriceText } from '../../../components/market-price';

/** Where a row leads: every listing of that card info / product on the chosen side. */
export const rowDetailPath = (row: MarketRow, side: ListingSide) =>
  `/market/detail?${row.kind === 'card' ? 'cardInfoId' : 'productId'}=${encodeURIComponent(row.id)}&sell_type=${SELL_TYPE[side]}`;

/** One card info or product of /market: best price (lowest ask or highest bid), count, market price (or last sale). */
export function MarketRowItem({
  row,
  side,
  index = EAGER_ROWS,
}: {
  row: MarketRow;
  side: ListingSide;
  index?: number;
}) {
  return (
    <li className="list-row">
      <ItemPicture kind={row.kind} image={row.image} load={rowImageLoading(index)} />
      <div className="market-row-body">
        <Link to={rowDetailPath(row, side)} className="market-row-name stretched-link">
          {row.name}
        </Link>
        <div className="list-row-meta">
          {row.rarity && <RarityTag rarity={row.rarity} />}
          <span>
            {LISTING_SIDE_LABELS[side]} {row.count} 張單
          </span>
        </div>
        <div className="market-row-price">
          <small>{side === 'sell' ? '最低售價' : '最高出價'}</small> {formatHkd(row.bestPrice)}
          {side === 'buy' && row.bestSerialRange && <small>（只收序號 {row.bestSerialRange}）</small>}
        </div>
        {side === 'buy' && row.bestWant ? (
          <div className="list-row-meta">{bidWantText({ kind: row.kind, ...row.bestWant })}</div>
        ) : null}
        <div className="list-row-meta">
          {row.marketPrice.price !== null ? (
            <MarketPriceText value={row.marketPrice} />
          ) : row.lastSale ? (
            `最近成交 ${formatHkd(row.lastSale.price)}`
          ) : (
            '未有成交紀錄'
          )}
        </div>
      </div>
      <div className="market-row-side">
        <WatchButton kind={row.kind === 'card' ? 'cardInfo' : 'product'} id={row.id} name={row.name} />
      </div>
    </li>
  );
}
