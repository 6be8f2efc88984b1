import { useState } from 'react';
import { Tag } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { formatHkd } from '../../../../shared/money';
import { LISTING_STATUS_LABELS } from '../../../../shared/market-labels';
import type { Listing } from '../../../../shared/schemas/market';
import { afterLoadPart } from '../../../components/after-load';
import { PlainButton } from '../../../components/plain-button';
import { useSession } from '../../../lib/stores';
import { sideOfSellType } from '../../../../shared/market-labels';

// 賣給他's sheet and 取消掛單's dialog come after the page's load event (listing-sheets.tsx).
const loadSheets = () => import('./listing-sheets');
const SellIntoBidSheet = afterLoadPart(
  () => loadSheets().then((m) => m.SellIntoBidSheet),
  () => null,
);

/** The actions on one listing: 購買 / 賣給他 for others, 取消掛單 for its owner. */
export function useListingActions(reload: () => void) {
  const navigate = useNavigate();
  const session = useSession();
  const [bid, setBid] = useState<Listing | null>(null);
  const buy = (l: Listing) =>
    session ? navigate(`/mall/pay?listingId=${encodeURIComponent(l.id)}`) : navigate('/login');
  const sellTo = (l: Listing) => (session ? setBid(l) : navigate('/login'));
  const cancel = async (l: Listing) => {
    const { cancelConfirmed } = await loadSheets();
    if (await cancelConfirmed(l)) reload();
  };
  const popup = (
    <SellIntoBidSheet
      bid={bid}
      onClose={() => setBid(null)}
      onDone={() => {
        setBid(null);
        reload();
      }}
    />
  );
  return { buy, sellTo, cancel, popup };
}

export type ListingActions = ReturnType<typeof useListingActions>;

/** The one action a listing offers the user, or its status when there is none. */
export function ActionButton({
  l,
  actions,
  size = 'small',
}: {
  l: Listing;
  actions: ListingActions;
  size?: 'small' | 'large';
}) {
  if (l.mine) {
    if (l.status !== 'active' && l.status !== 'pending_payment') return <Tag>{LISTING_STATUS_LABELS[l.status]}</Tag>;
    return (
      <PlainButton
        size={size}
        color="danger"
        fill="outline"
        onClick={() => actions.cancel(l)}
        aria-label={`取消掛單 ${formatHkd(l.price)}`}
      >
        取消掛單
      </PlainButton>
    );
  }
  if (l.status !== 'active') return <Tag>{LISTING_STATUS_LABELS[l.status]}</Tag>;
  return sideOfSellType(l.sell_type) === 'sell' ? (
    <PlainButton
      size={size}
      color="primary"
      onClick={() => actions.buy(l)}
      aria-label={size === 'large' ? '購買' : `購買 ${formatHkd(l.price)}（${l.user.nickname}）`}
    >
      購買
    </PlainButton>
  ) : (
    <PlainButton
      size={size}
      color="primary"
      onClick={() => actions.sellTo(l)}
      aria-label={size === 'large' ? '賣給他' : `賣給他 ${formatHkd(l.price)}（${l.user.nickname}）`}
    >
      賣給他
    </PlainButton>
  );
}
