import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd-mobile';
import { LazyPopup } from './lazy-popup';
import { signInAndReturn } from '../lib/sign-in';
import { useSession } from '../lib/stores';
import './price-alert-sheet.css';

// The form and its checks come when the sheet first opens (like the price alert's).
const OfferForm = lazy(() => import('./offer-form'));

/**
 * What an offer is made on: another user's sell listing (`listingId`, its `askPrice`) on /market/detail, or their held
 * item on its public page (no listing), with the item's market price now.
 */
export interface OfferTarget {
  kind: 'card' | 'goods';
  itemId: string;
  listingId?: string;
  name: string;
  askPrice: number | null;
  marketPrice: number | null;
}

/** 「出價」: a button opening a sheet (price, expiry); signed out, it goes to the login. */
export function OfferButton({ target, block }: { target: OfferTarget; block?: boolean }) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        fill="outline"
        block={block}
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
        bodyClassName="price-alert-popup"
      >
        {open && (
          <div role="dialog" aria-labelledby="offer-title">
            <Suspense fallback={<p className="price-alert-note">載入中…</p>}>
              <OfferForm target={target} onClose={() => setOpen(false)} />
            </Suspense>
          </div>
        )}
      </LazyPopup>
    </>
  );
}
