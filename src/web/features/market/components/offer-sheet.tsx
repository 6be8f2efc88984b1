import { lazy } from 'react';
import { SheetButton } from '../../../components/sheet-button';

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
  return (
    <SheetButton
      label="出價"
      name={`出價：${target.name}`}
      popupClassName="market-popup"
      titleId="offer-title"
      loadingClassName="market-muted"
    >
      {(close) => <OfferForm target={target} onClose={close} />}
    </SheetButton>
  );
}
