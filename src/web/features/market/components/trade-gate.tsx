import type { ReactNode } from 'react';
import type { Wallet } from '../../../../shared/schemas/wallet';
import { GoButton } from '../../../components/go-button';
import { SELLING_FIX_LABELS, sellingBlock, sellingFixPath, useHere } from '../../../components/selling-gate';
import { EmptyState } from '../../../components/state-views';

/**
 * What stops the user from posting, with the way to fix it: verification for both sides, a payout account for
 * selling (its link comes back to this screen once the account is saved).
 */
export function TradeGate({ wallet, mode, children }: { wallet: Wallet; mode: 'sell' | 'buy'; children?: ReactNode }) {
  const here = useHere();
  const block = mode === 'sell' ? sellingBlock(wallet) : wallet.verified ? null : 'verify';
  if (block === 'verify')
    return (
      <EmptyState
        title="請先完成實名認證"
        description="在市場買賣前，需要先以身份證明文件完成實名認證。"
        action={<GoButton to={sellingFixPath(block, here)}>{SELLING_FIX_LABELS[block]}</GoButton>}
      />
    );
  if (block === 'payout')
    return (
      <EmptyState
        title="請先設定收款帳戶"
        description="出售所得會存入錢包，並可提現到你的收款帳戶。設定後會返回此頁。"
        action={<GoButton to={sellingFixPath(block, here)}>{SELLING_FIX_LABELS[block]}</GoButton>}
      />
    );
  return <>{children}</>;
}
