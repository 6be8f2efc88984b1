import type { ReactNode } from 'react';
import type { Wallet } from '../../../../shared/schemas/wallet';
import { GoButton } from '../../../components/go-button';
import { EmptyState } from '../../../components/state-views';

/** What stops the user from posting, with the way to fix it. */
export function TradeGate({ wallet, mode, children }: { wallet: Wallet; mode: 'sell' | 'buy'; children: ReactNode }) {
  if (!wallet.verified)
    return (
      <EmptyState
        title="請先完成實名認證"
        description="在市場買賣前，需要先以身份證明文件完成實名認證。"
        action={<GoButton to="/my/verify">前往實名認證</GoButton>}
      />
    );
  if (mode === 'sell' && !wallet.payoutAccount)
    return (
      <EmptyState
        title="請先設定收款帳戶"
        description="出售所得會存入錢包，並可提現到你的收款帳戶。"
        action={<GoButton to="/my/payment">設定收款帳戶</GoButton>}
      />
    );
  return <>{children}</>;
}
