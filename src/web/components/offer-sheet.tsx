import { lazy } from 'react';
import { SheetButton } from './sheet-button';
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
