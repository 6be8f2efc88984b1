import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd-mobile';
import { LazyPopup } from './lazy-popup';
import { signInAndReturn } from '../lib/sign-in';
import { useSession } from '../lib/stores';
import './price-alert-sheet.css';

/*
 * The app's sheet buttons in one module (價格提醒 and 出價 sit side by side on /market/detail): one chunk for both and
 * the sheet they open, instead of three small files in that screen's first load.
 */

/**
 * An outline button opening a bottom sheet, a dialog named by `titleId` whose form (`children`, given the sheet's
 * close) is loaded when the sheet first opens; signed out, the button goes to the login instead (價格提醒, 出價).
 */
export function SheetButton(props: {
  label: string;
  /** The button's accessible name. */
  name: string;
  size?: ButtonProps['size'];
  /** Full width (the public card's 出價). */
  block?: boolean;
  className?: string;
  popupClassName: string;
  titleId: string;
  /** The class of the 載入中… line shown while the form loads. */
  loadingClassName: string;
  children: (close: () => void) => ReactNode;
}) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button
        size={props.size ?? 'middle'}
        fill="outline"
        block={props.block}
        className={props.className}
        aria-label={props.name}
        aria-haspopup="dialog"
        onClick={() => (session ? setOpen(true) : signInAndReturn())}
      >
        {props.label}
      </Button>
      <LazyPopup visible={open} onMaskClick={close} onClose={close} destroyOnClose bodyClassName={props.popupClassName}>
        {open && (
          <div role="dialog" aria-labelledby={props.titleId}>
            <Suspense fallback={<p className={props.loadingClassName}>載入中…</p>}>{props.children(close)}</Suspense>
          </div>
        )}
      </LazyPopup>
    </>
  );
}

// Each form and its checks come when its sheet first opens.
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
  return (
    <SheetButton
      label="價格提醒"
      name={`價格提醒：${target.name}`}
      size={compact ? 'small' : 'middle'}
      className="price-alert-button"
      popupClassName="price-alert-popup"
      titleId="price-alert-title"
      loadingClassName="price-alert-note"
    >
      {(close) => <PriceAlertForm target={target} onClose={close} />}
    </SheetButton>
  );
}

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
  return (
    <SheetButton
      label="出價"
      name={`出價：${target.name}`}
      block={block}
      popupClassName="price-alert-popup"
      titleId="offer-title"
      loadingClassName="price-alert-note"
    >
      {(close) => <OfferForm target={target} onClose={close} />}
    </SheetButton>
  );
}
