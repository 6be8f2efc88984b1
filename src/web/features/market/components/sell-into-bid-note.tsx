import { useSellerWallet } from '../../../api/get-wallet';
import { SellingNote } from '../../../components/selling-gate';

/**
 * 賣給他's up-front note (issue 44): whether the signed-in user may sell into the bids shown, and where to fix it when
 * not. Drawn after the page's load event (detail-parts.tsx): the wallet call and the note are not first-load code.
 */
export function SellIntoBidNote() {
  const wallet = useSellerWallet(true);
  return wallet.status === 'ready' && wallet.data ? <SellingNote wallet={wallet.data} action="賣給他" /> : null;
}
