import { lazy, Suspense, useState } from 'react';
import { Button, Tag } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { formatHkd } from '../../../../shared/money';
import { LISTING_STATUS_LABELS } from '../../../../shared/market-labels';
import type { Listing } from '../../../../shared/schemas/market';
import { cancelListing } from '../../../api/cancel-listing';
import { isFailure, loadToast } from '../../../lib/request';
import { confirmDialog } from '../../../lib/overlays';
import { LazyPopup } from '../../../components/lazy-popup';
import { useSession } from '../../../lib/stores';
import { LoadingState } from '../../../components/state-views';

// The sale form (its price schema brings zod) comes when 賣給他 is tapped, not with a shared link's first load.
// It shows only inside the LazyPopup, whose code comes with the zh-HK locale (lib/overlays.ts): its dialogs' texts are in.
const SellIntoBid = lazy(() => import('./sell-into-bid').then((m) => ({ default: m.SellIntoBid })));

/** The actions on one listing: 購買 / 賣給他 for others, 取消掛單 for its owner. */
export function useListingActions(reload: () => void) {
  const navigate = useNavigate();
  const session = useSession();
  const [bid, setBid] = useState<Listing | null>(null);
  const buy = (l: Listing) =>
    session ? navigate(`/mall/pay?listingId=${encodeURIComponent(l.id)}`) : navigate('/login');
  const sellTo = (l: Listing) => (session ? setBid(l) : navigate('/login'));
  const cancel = async (l: Listing) => {
    const sure = await confirmDialog({
      content:
        l.sell_type === 0
          ? '確定取消這張出售掛單？物品會回到你的收藏。'
          : '確定取消這張求購？預付的款項會退回你的錢包餘額。',
      confirmText: '取消掛單',
      cancelText: '保留',
    });
    if (!sure) return;
    const res = await cancelListing(l.id);
    if (isFailure(res)) return;
    (await loadToast())?.show({ icon: 'success', content: '掛單已取消' });
    reload();
  };
  const popup = (
    <LazyPopup
      visible={bid !== null}
      onMaskClick={() => setBid(null)}
      onClose={() => setBid(null)}
      destroyOnClose
      bodyClassName="market-popup"
    >
      {bid && (
        <div role="dialog" aria-label="賣給他">
          <Suspense fallback={<LoadingState />}>
            <SellIntoBid
              bid={bid}
              onClose={() => setBid(null)}
              onDone={() => {
                setBid(null);
                reload();
              }}
            />
          </Suspense>
        </div>
      )}
    </LazyPopup>
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
      <Button
        size={size}
        color="danger"
        fill="outline"
        onClick={() => actions.cancel(l)}
        aria-label={`取消掛單 ${formatHkd(l.price)}`}
      >
        取消掛單
      </Button>
    );
  }
  if (l.status !== 'active') return <Tag>{LISTING_STATUS_LABELS[l.status]}</Tag>;
  return l.sell_type === 0 ? (
    <Button
      size={size}
      color="primary"
      onClick={() => actions.buy(l)}
      aria-label={size === 'large' ? '購買' : `購買 ${formatHkd(l.price)}（${l.user.nickname}）`}
    >
      購買
    </Button>
  ) : (
    <Button
      size={size}
      color="primary"
      onClick={() => actions.sellTo(l)}
      aria-label={size === 'large' ? '賣給他' : `賣給他 ${formatHkd(l.price)}（${l.user.nickname}）`}
    >
      賣給他
    </Button>
  );
}
