import { Button, Tag } from 'antd-mobile';
import { Link } from 'react-router';
import { formatHkDateTime } from '../../../../shared/hk-time';
import { formatHkd } from '../../../../shared/money';
import { bidWantText, LISTING_STATUS_LABELS } from '../../../../shared/schemas/market';
import { LISTING_EVENT_LABELS, type DeskListing } from '../../../../shared/schemas/market-desk';
import { thumbnail } from '../../../../shared/pictures';
import { SALE_WAY_LABELS } from '../../../../shared/sale-ways';
import { sideOfSellType } from '../../../../shared/market-labels';

/**
 * How an ended listing ended, in the trader's words (a sold bid was filled); a listing sold another way than bought at
 * its price (an accepted offer, decision 049) says which, and at what price.
 */
function outcome(l: DeskListing): string {
  if (l.status !== 'sold') return LISTING_STATUS_LABELS[l.status];
  if (sideOfSellType(l.sell_type) === 'buy') return '已成交（求購完成）';
  const sale = l.sales.at(-1);
  return sale && sale.way !== 'listing' ? `已成交（${SALE_WAY_LABELS[sale.way]} ${formatHkd(sale.price)}）` : '已成交';
}

/** One listing on the desk: item, price and version, what can be done with it, and its history. */
export function DeskRow({
  listing: l,
  onEdit,
  onCancel,
}: {
  listing: DeskListing;
  onEdit: (l: DeskListing) => void;
  onCancel: (l: DeskListing) => void;
}) {
  const name = `${l.itemName}${l.serialLabel ? ` ${l.serialLabel}` : ''}${l.serialRange ? `（只收序號 ${l.serialRange}）` : ''}`;
  const open = l.status === 'active' || l.status === 'pending_payment' || l.status === 'reserved';
  return (
    <li className="desk-row">
      <div className="desk-row-head">
        {l.itemImage ? <img src={thumbnail(l.itemImage)} alt="" width={48} height={64} /> : null}
        <div className="desk-row-text">
          <Link to={`/market/detail?id=${encodeURIComponent(l.id)}`} className="desk-row-name">
            {name}
          </Link>
          <p className="desk-row-price">
            {formatHkd(l.price)}
            {l.version > 1 ? <span className="desk-row-version">（第 {l.version} 版價格）</span> : null}
            {sideOfSellType(l.sell_type) === 'buy' ? (
              <span className="desk-row-version">
                ・每{l.kind === 'card' ? '張' : '件'}，{bidWantText(l)}
              </span>
            ) : null}
          </p>
          <p className="desk-row-meta">
            <Tag color={l.status === 'active' ? 'primary' : 'default'}>
              {open ? LISTING_STATUS_LABELS[l.status] : outcome(l)}
            </Tag>{' '}
            {open
              ? `到期：${formatHkDateTime(l.expiresAt)}`
              : l.closedAt
                ? `結束：${formatHkDateTime(l.closedAt)}`
                : ''}
            {open ? `・${l.watchers} 人關注` : ''}
          </p>
          {l.status === 'taken_down' && l.takedownReason ? (
            <p className="desk-row-meta">下架原因：{l.takedownReason}</p>
          ) : null}
        </div>
      </div>
      {l.status === 'active' || l.status === 'pending_payment' ? (
        <div className="desk-row-actions">
          {l.status === 'active' ? (
            <Button size="small" color="primary" fill="outline" onClick={() => onEdit(l)} aria-label={`改價：${name}`}>
              改價
            </Button>
          ) : null}
          <Button size="small" color="danger" fill="outline" onClick={() => onCancel(l)} aria-label={`取消：${name}`}>
            {sideOfSellType(l.sell_type) === 'sell' ? '取消掛單' : '取消求購'}
          </Button>
        </div>
      ) : null}
      <details className="desk-history">
        <summary>價格及紀錄（{l.history.length}）</summary>
        <ol>
          {l.history.map((h, i) => (
            <li key={`${h.kind}-${i}`}>
              <time dateTime={h.at}>{formatHkDateTime(h.at)}</time> {LISTING_EVENT_LABELS[h.kind]}
              {h.kind === 'price_changed' && h.previousPrice !== null
                ? `：${formatHkd(h.previousPrice)} → ${formatHkd(h.price)}`
                : h.kind === 'listed'
                  ? `：${formatHkd(h.price)}`
                  : ''}
            </li>
          ))}
        </ol>
      </details>
    </li>
  );
}
