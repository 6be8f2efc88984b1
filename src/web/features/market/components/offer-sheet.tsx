import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd-mobile';
import { LazyPopup } from '../../../components/lazy-popup';
import { signInAndReturn } from '../../../lib/sign-in';
import { useSession } from '../../../lib/stores';

// The form and its checks come when the sheet first opens (like the price alert's).
const OfferForm = lazy(() => import('./offer-form'));

/** What an offer is made on: a sell listing of another user, with its item and prices now. */
export interface OfferTarget {
  kind: 'card' | 'goods';
  itemId: string;
  listingId: string;
  name: string;
  askPrice: number;
  marketPrice: number | null;
}

/** 「出價」: a button opening a sheet (price, expiry); signed out, it goes to the login. */
export function OfferButton({ target }: { target: OfferTarget }) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        fill="outline"
        aria-label={`出價：${target.name}`}
        aria-haspopup="dialog"
        onClick={() => (session ? setOpen(true) : signInAndReturn())}
      >
        出價
      </Button>
      <LazyPopup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        destroyOnClose
        bodyClassName="market-popup"
      >
        {open && (
          <div role="dialog" aria-labelledby="offer-title">
            <Suspense fallback={<p className="market-muted">載入中…</p>}>
              <OfferForm target={target} onClose={() => setOpen(false)} />
            </Suspense>
          </div>
        )}
      </LazyPopup>
    </>
  );
}
