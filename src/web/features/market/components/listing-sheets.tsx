import { lazy, Suspense } from 'react';
import type { Listing } from '../../../../shared/schemas/market';
import { cancelListing } from '../../../api/cancel-listing';
import { LazyPopup } from '../../../components/lazy-popup';
import { LoadingState } from '../../../components/state-views';
import { confirmDialog } from '../../../lib/overlays';
import { isFailure, loadToast } from '../../../lib/request';
import { sideOfSellType } from '../../../../shared/market-labels';

/*
 * What the actions on a listing open (listing-actions.tsx): loaded after the page's load event, or at the first tap
 * on 取消掛單, not with a shared link's first load (decision 035).
 */

// The sale form (its price schema brings zod) comes when 賣給他 is tapped.
// It shows only inside the LazyPopup, whose code comes with the zh-HK locale (lib/overlays.ts): its dialogs' texts are in.
const SellIntoBid = lazy(() => import('./sell-into-bid').then((m) => ({ default: m.SellIntoBid })));

/** 賣給他's sheet: open while `bid` is set. */
export function SellIntoBidSheet({
  bid,
  onClose,
  onDone,
}: {
  bid: Listing | null;
  onClose: () => void;
  onDone: () => void;
}) {
  return (
    <LazyPopup
      visible={bid !== null}
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      bodyClassName="market-popup"
    >
      {bid && (
        <div role="dialog" aria-label="賣給他">
          <Suspense fallback={<LoadingState />}>
            <SellIntoBid bid={bid} onClose={onClose} onDone={onDone} />
          </Suspense>
        </div>
      )}
    </LazyPopup>
  );
}

/** 取消掛單, once confirmed: true when the listing was cancelled. */
export async function cancelConfirmed(l: Listing): Promise<boolean> {
  const sure = await confirmDialog({
    content:
      sideOfSellType(l.sell_type) === 'sell'
        ? '確定取消這張出售掛單？物品會回到你的收藏。'
        : '確定取消這張求購？預付的款項會退回你的錢包餘額。',
    confirmText: '取消掛單',
    cancelText: '保留',
  });
  if (!sure) return false;
  const res = await cancelListing(l.id);
  if (isFailure(res)) return false;
  (await loadToast())?.show({ icon: 'success', content: '掛單已取消' });
  return true;
}
