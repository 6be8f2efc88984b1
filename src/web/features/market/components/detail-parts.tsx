import { Link } from 'react-router';
import { formatHkDateTime } from '../../../../shared/hk-time';
import { bidWantText, LISTING_STATUS_LABELS } from '../../../../shared/market-labels';
import { formatHkd } from '../../../../shared/money';
import { sideOfSellType, type ListingSide } from '../../../../shared/market-labels';
import type { Listing } from '../../../../shared/schemas/market';
import { afterLoadPart } from '../../../components/after-load';
import { UserAvatar } from '../../../components/user-avatar';
import { ActionButton, type ListingActions } from './listing-actions';
import { StandingSlot } from './standing-slot';

/* The parts of /market/detail below its head: the listing's seller or bidder, and the other listings of the item. */

// The standing's code after the load event (decision 035); its box is held until it shows (standing-slot.tsx).
/** 賣給他's up-front note, after the load event (its wallet call and note are not first-load code). */
export const SellIntoBidNote = afterLoadPart(
  () => import('./sell-into-bid-note').then((m) => m.SellIntoBidNote),
  () => null,
);

const SellerStanding = afterLoadPart(
  () => import('./seller-standing').then((m) => m.SellerStanding),
  () => <StandingSlot />,
);

/** The seller (or bidder) of the listing shown, its state and dates, and why an operator took it down. */
export function Seller({ l }: { l: Listing }) {
  const sell = sideOfSellType(l.sell_type) === 'sell';
  return (
    <section className="market-section" aria-labelledby="seller-title">
      <h2 id="seller-title" className="market-section-title">
        {sell ? '賣家' : '求購者'}
      </h2>
      <div className="market-seller">
        <UserAvatar src={l.user.avatar} size={40} />
        <Link to={`/market/user?id=${encodeURIComponent(l.user.id)}`}>
          {l.mine ? `${l.user.nickname}（你）` : l.user.nickname}
        </Link>
      </div>
      <SellerStanding userId={l.user.id} label={`${sell ? '賣家' : '求購者'}的信譽`} />
      <p className="market-muted">
        {LISTING_STATUS_LABELS[l.status]}・{formatHkDateTime(l.createdAt)} 發佈・{formatHkDateTime(l.expiresAt)} 到期
      </p>
      {l.mine && l.status === 'taken_down' && (
        <p className="market-takedown" role="note">
          此掛單已被平台下架{l.takedownReason ? `，原因：${l.takedownReason}` : ''}。
          {sell ? '物品已退回你的收藏。' : '預付款已退回你的錢包。'}
        </p>
      )}
    </section>
  );
}

/** The item's other open listings of one side, each with its action (購買 / 賣給他 / 取消掛單). */
export function OtherListings({
  listings,
  actions,
  side,
}: {
  listings: Listing[];
  actions: ListingActions;
  side: ListingSide;
}) {
  return (
    <section className="market-section" aria-labelledby="others-title">
      <h2 id="others-title" className="market-section-title">
        {side === 'sell' ? '出售中的掛單' : '求購中的出價'}
      </h2>
      {listings.length === 0 ? (
        <p className="market-muted">{side === 'sell' ? '暫時沒有其他人出售。' : '暫時沒有人求購，你可以發佈求購。'}</p>
      ) : (
        <ul className="market-list flush">
          {listings.map((l) => (
            <li key={l.id} className="list-row">
              <div className="market-row-body">
                <Link to={`/market/detail?id=${encodeURIComponent(l.id)}`} className="market-row-price stretched-link">
                  <span className="visually-hidden">{side === 'sell' ? '售價' : '出價'} </span>
                  {formatHkd(l.price)}
                </Link>
                <div className="list-row-meta">
                  {sideOfSellType(l.sell_type) === 'buy' && <span>{bidWantText(l)}</span>}
                  {l.serialLabel && <span>{l.serialLabel}</span>}
                  {l.serialRange && <span>只收序號 {l.serialRange}</span>}
                  {l.mine ? (
                    <span>你的掛單</span>
                  ) : (
                    <Link to={`/market/user?id=${encodeURIComponent(l.user.id)}`} className="market-row-seller">
                      <span className="visually-hidden">{side === 'sell' ? '賣家店舖：' : '求購者店舖：'}</span>
                      {l.user.nickname}
                    </Link>
                  )}
                </div>
              </div>
              <div className="market-row-side">
                <ActionButton l={l} actions={actions} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
