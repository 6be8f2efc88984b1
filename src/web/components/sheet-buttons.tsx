import { useState, type ReactNode } from 'react';
import { afterLoadPart } from './after-load';
import { PlainButton } from './plain-button';
import { signInAndReturn } from '../lib/sign-in';
import { useSession } from '../lib/stores';
import './price-alert-sheet.css';

/*
 * The app's sheet buttons in one module (價格提醒 and 出價 sit side by side on /market/detail). The sheets and their
 * forms come after the page's load event (sheet-forms.tsx), not with a shared link's first load (decision 035); a tap
 * before then opens the sheet once they are in.
 */
const loadSheets = () => import('./sheet-forms');
const PriceAlertSheet = afterLoadPart(
  () => loadSheets().then((m) => m.PriceAlertSheet),
  () => null,
);
const OfferSheet = afterLoadPart(
  () => loadSheets().then((m) => m.OfferSheet),
  () => null,
);

/** An outline button opening a bottom sheet (`sheet`); signed out, it goes to the login instead (價格提醒, 出價). */
function SheetButton(props: {
  label: string;
  /** The button's accessible name. */
  name: string;
  size?: 'small' | 'middle';
  /** Full width (the public card's 出價). */
  block?: boolean;
  className?: string;
  /** The sheet, open or not, given its close. */
  sheet: (open: boolean, close: () => void) => ReactNode;
}) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  return (
    <>
      <PlainButton
        size={props.size ?? 'middle'}
        fill="outline"
        block={props.block}
        className={props.className}
        aria-label={props.name}
        aria-haspopup="dialog"
        onClick={() => (session ? setOpen(true) : signInAndReturn())}
      >
        {props.label}
      </PlainButton>
      {props.sheet(open, () => setOpen(false))}
    </>
  );
}

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
      sheet={(open, close) => <PriceAlertSheet open={open} onClose={close} target={target} />}
    />
  );
}

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
      sheet={(open, close) => <OfferSheet open={open} onClose={close} target={target} />}
    />
  );
}
