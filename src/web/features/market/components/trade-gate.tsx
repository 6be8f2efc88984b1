import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import type { Wallet } from '../../../../shared/schemas/wallet';
import { EmptyState } from '../../../components/state-views';

/** What stops the user from posting, with the way to fix it. */
export function TradeGate({ wallet, mode, children }: { wallet: Wallet; mode: 'sell' | 'buy'; children: ReactNode }) {
  const navigate = useNavigate();
  if (!wallet.verified)
    return (
      <EmptyState
        title="請先完成實名認證"
        description="在市場買賣前，需要先以身份證明文件完成實名認證。"
        action={
          <Button color="primary" onClick={() => navigate('/my/verify')}>
            前往實名認證
          </Button>
        }
      />
    );
  if (mode === 'sell' && !wallet.payoutAccount)
    return (
      <EmptyState
        title="請先設定收款帳戶"
        description="出售所得會存入錢包，並可提現到你的收款帳戶。"
        action={
          <Button color="primary" onClick={() => navigate('/my/payment')}>
            設定收款帳戶
          </Button>
        }
      />
    );
  return <>{children}</>;
}
