import { Link, useLocation } from 'react-router';
import type { Wallet } from '../../shared/schemas/wallet';
import { payoutSetupPath } from '../lib/return-path';
import './selling-gate.css';

/** What stops the user from selling (PRODUCT.md §4.6): real-name verification first, then a payout account. */
export function sellingBlock(w: Pick<Wallet, 'verified' | 'payoutAccount'>): 'verify' | 'payout' | null {
  if (!w.verified) return 'verify';
  return w.payoutAccount ? null : 'payout';
}

/** The screen the user is on (path and query), to come back to. */
export function useHere(): string {
  const l = useLocation();
  return `${l.pathname}${l.search}`;
}

/** Where to fix a block, coming back to `here` after a payout account is saved. */
export const sellingFixPath = (block: 'verify' | 'payout', here: string) =>
  block === 'verify' ? '/my/verify' : payoutSetupPath(here);

export const SELLING_FIX_LABELS = { verify: '前往實名認證', payout: '設定收款帳戶' } as const;

/**
 * Said up front, before 賣給他 or 接受 opens anything (issue 44): `action` needs verification or a payout account,
 * with the way to set one up that returns here. Nothing when the user may sell.
 */
export function SellingNote({
  wallet,
  action,
}: {
  wallet: Pick<Wallet, 'verified' | 'payoutAccount'>;
  action: string;
}) {
  const here = useHere();
  const block = sellingBlock(wallet);
  if (!block) return null;
  return (
    <div className="selling-note" role="note">
      <p>
        {block === 'verify'
          ? `${action}前，請先完成實名認證。`
          : `${action}前，請先設定收款帳戶：成交款項會存入錢包，並可提現到你的收款帳戶。設定後會返回此頁。`}
      </p>
      <Link to={sellingFixPath(block, here)}>{SELLING_FIX_LABELS[block]}</Link>
    </div>
  );
}
