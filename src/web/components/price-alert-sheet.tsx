import { lazy } from 'react';
import { SheetButton } from './sheet-button';
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
