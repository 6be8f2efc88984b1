import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd-mobile';
import { LazyPopup } from './lazy-popup';
import { signInAndReturn } from '../lib/sign-in';
import { useSession } from '../lib/stores';
import './price-alert-sheet.css';

// The form and its checks come when the sheet first opens.
const PriceAlertForm = lazy(() => import('./price-alert-form'));

/** What an alert is set on: a card info (`card`) or a product (`goods`), with its name and prices now. */
export interface AlertTarget {
  kind: 'card' | 'goods';
  id: string;
  name: string;
  lowestAsk: number | null;
  highestBid: number | null;
}

/** 「價格提醒」: a button opening a sheet (side, below/above, price in HK$); signed out, it goes to the login. */
export function PriceAlertButton({ target, compact }: { target: AlertTarget; compact?: boolean }) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size={compact ? 'small' : 'middle'}
        fill="outline"
        className="price-alert-button"
        aria-label={`價格提醒：${target.name}`}
        aria-haspopup="dialog"
        onClick={() => (session ? setOpen(true) : signInAndReturn())}
      >
        價格提醒
      </Button>
      <LazyPopup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        destroyOnClose
        bodyClassName="price-alert-popup"
      >
        {open && (
          <div role="dialog" aria-labelledby="price-alert-title">
            <Suspense fallback={<p className="price-alert-note">載入中…</p>}>
              <PriceAlertForm target={target} onClose={() => setOpen(false)} />
            </Suspense>
          </div>
        )}
      </LazyPopup>
    </>
  );
}
