import { lazy, Suspense, type ReactNode } from 'react';
import { LazyPopup } from './lazy-popup';
import type { AlertTarget, OfferTarget } from './sheet-buttons';

/*
 * The sheets of 價格提醒 and 出價 (sheet-buttons.tsx), loaded after the page's load event; each form and its checks come
 * when its sheet first opens.
 */
const PriceAlertForm = lazy(() => import('./price-alert-form'));
const OfferForm = lazy(() => import('./offer-form'));

/** A bottom sheet holding a dialog named by `titleId`; 載入中… while its form loads. */
function Sheet({
  open,
  onClose,
  titleId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  titleId: string;
  children: ReactNode;
}) {
  return (
    <LazyPopup visible={open} onMaskClick={onClose} onClose={onClose} destroyOnClose bodyClassName="price-alert-popup">
      {open && (
        <div role="dialog" aria-labelledby={titleId}>
          <Suspense fallback={<p className="price-alert-note">載入中…</p>}>{children}</Suspense>
        </div>
      )}
    </LazyPopup>
  );
}

export function PriceAlertSheet({
  open,
  onClose,
  target,
}: {
  open: boolean;
  onClose: () => void;
  target: AlertTarget;
}) {
  return (
    <Sheet open={open} onClose={onClose} titleId="price-alert-title">
      <PriceAlertForm target={target} onClose={onClose} />
    </Sheet>
  );
}

export function OfferSheet({ open, onClose, target }: { open: boolean; onClose: () => void; target: OfferTarget }) {
  return (
    <Sheet open={open} onClose={onClose} titleId="offer-title">
      <OfferForm target={target} onClose={onClose} />
    </Sheet>
  );
}
