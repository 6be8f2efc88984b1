import { useState } from 'react';
import { Button, Tabs } from 'antd-mobile';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatHkd } from '../../../shared/money';
import { PAYOUT_METHOD_LABELS } from '../../../shared/schemas/identity';
import { getWallet } from '../../api/get-wallet';
import { ErrorState, LoadingState } from '../../components/state-views';
import { RETURN_PARAM, safeReturnPath } from '../../lib/return-path';
import { useLoad } from '../../lib/use-load';
import { AccountForm } from './components/account-form';
import { HistoryList, WithdrawalList } from './components/wallet-lists';
import { WithdrawForm } from './components/withdraw-form';
import { Fact } from '../../components/fact';
import './wallet.css';

/**
 * /my/payment: balance (from the ledger), payout account (SMS re-check), withdrawals (min HK$100) and history.
 * `?return=` (a screen that needed a payout account before selling) is where a saved account goes back to.
 */
export default function PaymentScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = safeReturnPath(params.get(RETURN_PARAM));
  const wallet = useLoad(getWallet, []);
  const [editing, setEditing] = useState(false);
  const [version, setVersion] = useState(0);
  const [tab, setTab] = useState('history');
  if (wallet.status === 'loading') return <LoadingState label="正在載入錢包…" />;
  if (wallet.status === 'error') return <ErrorState title="未能載入錢包" onRetry={wallet.reload} />;
  const w = wallet.data;
  const refresh = () => {
    wallet.reload();
    setVersion((v) => v + 1);
  };
  return (
    <div className="wallet">
      <section className="wallet-card" aria-labelledby="balance-title">
        <h2 id="balance-title" className="wallet-card-title">
          可用餘額
        </h2>
        <p className="wallet-balance">{formatHkd(w.balance)}</p>
        <dl className="wallet-sub">
          <Fact term="求購託管中">{formatHkd(w.escrow)}</Fact>
          <Fact term="提現處理中">{formatHkd(w.pendingWithdrawal)}</Fact>
        </dl>
      </section>
      <section className="wallet-section" aria-labelledby="account-title">
        <h2 id="account-title" className="wallet-section-title">
          收款帳戶
        </h2>
        {!w.verified && (
          <p className="wallet-note">
            設定收款帳戶及在市場出售前，請先完成<Link to="/my/verify">實名認證</Link>。
          </p>
        )}
        {w.payoutAccount && !editing ? (
          <div className="wallet-account">
            <span>
              {PAYOUT_METHOD_LABELS[w.payoutAccount.method]}・{w.payoutAccount.accountName}・
              {w.payoutAccount.accountNoMasked}
            </span>
            <Button size="small" onClick={() => setEditing(true)}>
              更改
            </Button>
          </div>
        ) : (
          <>
            {!w.payoutAccount && (
              <p className="wallet-note">
                未設定收款帳戶。設定後可出售物品及提現{back ? '，儲存後會返回剛才的頁面' : ''}。
              </p>
            )}
            <AccountForm
              wallet={w}
              onCancel={w.payoutAccount ? () => setEditing(false) : undefined}
              onSaved={() => {
                if (back) return navigate(back, { replace: true });
                setEditing(false);
                refresh();
              }}
            />
          </>
        )}
      </section>
      {w.payoutAccount && (
        <section className="wallet-section" aria-labelledby="withdraw-title">
          <h2 id="withdraw-title" className="wallet-section-title">
            提現
          </h2>
          <WithdrawForm wallet={w} onDone={refresh} />
        </section>
      )}
      <section className="wallet-section" aria-label="紀錄">
        <Tabs activeKey={tab} onChange={setTab}>
          <Tabs.Tab key="history" title="收支紀錄" />
          <Tabs.Tab key="withdrawals" title="提現紀錄" />
        </Tabs>
        <div role="tabpanel" aria-label={tab === 'history' ? '收支紀錄' : '提現紀錄'}>
          {tab === 'history' ? <HistoryList version={version} /> : <WithdrawalList version={version} />}
        </div>
      </section>
    </div>
  );
}
