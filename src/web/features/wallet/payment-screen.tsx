import { useCallback, useState, type FormEvent } from 'react';
import { Button, Dialog, Tabs, Tag, Toast } from 'antd-mobile';
import { Link } from 'react-router';
import { WITHDRAWAL_MIN_CENTS } from '../../../shared/constants';
import { formatHkd } from '../../../shared/money';
import {
  PAYOUT_METHODS,
  PAYOUT_METHOD_LABELS,
  PaymentUpdateBodySchema,
  type PayoutMethod,
} from '../../../shared/schemas/identity';
import {
  WITHDRAWAL_STATUS_LABELS,
  WithdrawBodySchema,
  type LedgerEntry,
  type Wallet,
  type Withdrawal,
} from '../../../shared/schemas/wallet';
import { AuthSmsCodeInput } from '../../components/auth-sms-input';
import { PagedFrame } from '../../components/paged-frame';
import { ErrorState, LoadingState } from '../../components/state-views';
import { isFailure } from '../../lib/request';
import { createListStore } from '../../lib/stores';
import { useLoad } from '../../lib/use-load';
import { usePagedList } from '../../lib/use-paged-list';
import { getWallet } from '../../api/get-wallet';
import { getHistory } from './api/get-history';
import { getWithdrawals } from './api/get-withdrawals';
import { updatePayoutAccount } from './api/update-payout-account';
import { withdraw } from './api/withdraw';
import './wallet.css';
import { formatHkDateTime } from '../../../shared/hk-time';

// The seed's payment area holds no lists; these two belong to this screen only.
const walletLists = createListStore(['history', 'withdrawals'] as const);
const PAGE_SIZE = 20;
const ACCOUNT_HINTS: Record<PayoutMethod, string> = {
  fps: 'FPS 識別碼、手機號碼或電郵地址',
  bank: '銀行編號 + 分行編號 + 戶口號碼',
  payme: 'PayMe 登記的手機號碼',
};

type FieldErrors = Record<string, string | undefined>;
const issuesOf = (issues: { path: PropertyKey[]; message: string }[]) => {
  const out: FieldErrors = {};
  for (const i of issues) {
    const k = String(i.path[0] ?? '');
    if (!out[k]) out[k] = i.message;
  }
  return out;
};

function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="wallet-error" role="alert">
      {text}
    </p>
  ) : null;
}

function AccountForm({ wallet, onSaved, onCancel }: { wallet: Wallet; onSaved: () => void; onCancel?: () => void }) {
  const [method, setMethod] = useState<PayoutMethod>(wallet.payoutAccount?.method ?? 'fps');
  const [accountName, setAccountName] = useState(wallet.payoutAccount?.accountName ?? '');
  const [accountNo, setAccountNo] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = { method, accountName, accountNo, code };
    const parsed = PaymentUpdateBodySchema.safeParse(body);
    if (!parsed.success) return setErrors(issuesOf(parsed.error.issues));
    setErrors({});
    setBusy(true);
    const res = await updatePayoutAccount(body);
    setBusy(false);
    if (isFailure(res)) return;
    Toast.show({ icon: 'success', content: '收款帳戶已儲存' });
    onSaved();
  };
  return (
    <form className="wallet-form" onSubmit={submit} noValidate aria-label="設定收款帳戶">
      <fieldset className="wallet-fieldset">
        <legend className="wallet-label">收款方式</legend>
        <div className="wallet-methods">
          {PAYOUT_METHODS.map((m) => (
            <label key={m} className={method === m ? 'wallet-method selected' : 'wallet-method'}>
              <input type="radio" name="method" value={m} checked={method === m} onChange={() => setMethod(m)} />
              {PAYOUT_METHOD_LABELS[m]}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="wallet-label" htmlFor="accountName">
        帳戶名稱
      </label>
      <input
        id="accountName"
        className="wallet-input"
        autoComplete="name"
        value={accountName}
        onChange={(e) => setAccountName(e.target.value)}
        aria-invalid={errors.accountName ? true : undefined}
        aria-describedby={errors.accountName ? 'accountName-error' : undefined}
      />
      <FieldError id="accountName-error" text={errors.accountName} />
      <label className="wallet-label" htmlFor="accountNo">
        帳戶號碼
      </label>
      <input
        id="accountNo"
        className="wallet-input"
        autoComplete="off"
        placeholder={ACCOUNT_HINTS[method]}
        value={accountNo}
        onChange={(e) => setAccountNo(e.target.value)}
        aria-invalid={errors.accountNo ? true : undefined}
        aria-describedby={errors.accountNo ? 'accountNo-error' : undefined}
      />
      <FieldError id="accountNo-error" text={errors.accountNo} />
      <label className="wallet-label" htmlFor="account-code">
        短訊驗證碼（發送到你的手機）
      </label>
      <AuthSmsCodeInput
        id="account-code"
        purpose="payment"
        value={code}
        onChange={setCode}
        invalid={Boolean(errors.code)}
        describedBy={errors.code ? 'account-code-error' : undefined}
      />
      <FieldError id="account-code-error" text={errors.code} />
      <div className="wallet-actions">
        {onCancel && (
          <Button size="large" onClick={onCancel}>
            取消
          </Button>
        )}
        <Button size="large" color="primary" type="submit" loading={busy} disabled={busy}>
          儲存收款帳戶
        </Button>
      </div>
    </form>
  );
}

function WithdrawForm({ wallet, onDone }: { wallet: Wallet; onDone: () => void }) {
  const [amount, setAmount] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = amount.trim().replace(/,/g, '');
    const cents = /^\d{1,9}(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : NaN;
    if (Number.isNaN(cents)) return setErrors({ amount: '請輸入提現金額，例如 100 或 250.50' });
    const parsed = WithdrawBodySchema.safeParse({ amount: cents, code });
    if (!parsed.success) return setErrors(issuesOf(parsed.error.issues));
    if (cents > wallet.balance) return setErrors({ amount: `提現金額不可多於可用餘額 ${formatHkd(wallet.balance)}` });
    setErrors({});
    const account = wallet.payoutAccount!;
    const sure = await Dialog.confirm({
      content: `提現 ${formatHkd(cents)} 到 ${PAYOUT_METHOD_LABELS[account.method]} ${account.accountNoMasked}？`,
      confirmText: '確認提現',
      cancelText: '取消',
    });
    if (!sure) return;
    setBusy(true);
    const res = await withdraw({ amount: cents, code });
    setBusy(false);
    if (isFailure(res)) return;
    Toast.show({ icon: 'success', content: '已提交提現申請' });
    setAmount('');
    setCode('');
    onDone();
  };
  return (
    <form className="wallet-form" onSubmit={submit} noValidate aria-label="提現">
      <label className="wallet-label" htmlFor="withdraw-amount">
        提現金額（港幣，最少 {formatHkd(WITHDRAWAL_MIN_CENTS)}）
      </label>
      <input
        id="withdraw-amount"
        className="wallet-input"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        aria-invalid={errors.amount ? true : undefined}
        aria-describedby={errors.amount ? 'withdraw-amount-error' : undefined}
      />
      <FieldError id="withdraw-amount-error" text={errors.amount} />
      <label className="wallet-label" htmlFor="withdraw-code">
        短訊驗證碼（發送到你的手機）
      </label>
      <AuthSmsCodeInput
        id="withdraw-code"
        purpose="withdraw"
        value={code}
        onChange={setCode}
        invalid={Boolean(errors.code)}
        describedBy={errors.code ? 'withdraw-code-error' : undefined}
      />
      <FieldError id="withdraw-code-error" text={errors.code} />
      <p className="wallet-note">提現由平台人手處理，一般於 1 至 3 個工作天內到帳；被拒絕的提現會全數退回餘額。</p>
      <Button
        block
        size="large"
        color="primary"
        type="submit"
        loading={busy}
        disabled={busy || wallet.balance < WITHDRAWAL_MIN_CENTS}
      >
        {wallet.balance < WITHDRAWAL_MIN_CENTS ? `餘額未達最低提現金額 ${formatHkd(WITHDRAWAL_MIN_CENTS)}` : '申請提現'}
      </Button>
    </form>
  );
}

function HistoryList({ version }: { version: number }) {
  const fetchPage = useCallback((page: number, pageSize: number) => getHistory({ page, pageSize }), []);
  const list = usePagedList<LedgerEntry, 'history'>(walletLists, 'history', fetchPage, PAGE_SIZE, [version]);
  return (
    <PagedFrame
      {...list}
      empty={list.items.length === 0}
      what="收支紀錄"
      endClassName="wallet-list-end"
      emptyText={{
        title: '未有收支紀錄',
        description: (
          <>
            在<Link to="/market">市場</Link>出售物品後，所得款項會在這裏列出。
          </>
        ),
      }}
    >
      <ul className="wallet-list" aria-label="收支紀錄">
        {list.items.map((e) => (
          <li key={e.id} className="wallet-row">
            <span className="wallet-row-text">
              <span>{e.description}</span>
              <small>{formatHkDateTime(e.createdAt)}</small>
            </span>
            <strong className={e.amount >= 0 ? 'wallet-credit' : 'wallet-debit'}>
              {e.amount >= 0 ? `+${formatHkd(e.amount)}` : formatHkd(e.amount)}
            </strong>
          </li>
        ))}
      </ul>
    </PagedFrame>
  );
}

const WITHDRAWAL_COLORS: Record<Withdrawal['status'], string> = {
  pending: 'warning',
  paid: 'success',
  rejected: 'danger',
};

function WithdrawalList({ version }: { version: number }) {
  const fetchPage = useCallback((page: number, pageSize: number) => getWithdrawals({ page, pageSize }), []);
  const list = usePagedList<Withdrawal, 'withdrawals'>(walletLists, 'withdrawals', fetchPage, PAGE_SIZE, [version]);
  return (
    <PagedFrame
      {...list}
      empty={list.items.length === 0}
      what="提現紀錄"
      endClassName="wallet-list-end"
      emptyText={{ title: '未有提現紀錄', description: '餘額達 HK$100 或以上即可申請提現。' }}
    >
      <ul className="wallet-list" aria-label="提現紀錄">
        {list.items.map((w) => (
          <li key={w.id} className="wallet-row">
            <span className="wallet-row-text">
              <span>
                {PAYOUT_METHOD_LABELS[w.method]} {w.accountNoMasked}
              </span>
              <small>
                {formatHkDateTime(w.createdAt)}
                {w.status === 'rejected' && w.reason ? `・原因：${w.reason}` : ''}
                {w.status === 'paid' && w.reference ? `・參考編號 ${w.reference}` : ''}
              </small>
            </span>
            <span className="wallet-row-side">
              <strong>{formatHkd(w.amount)}</strong>
              <Tag color={WITHDRAWAL_COLORS[w.status]}>{WITHDRAWAL_STATUS_LABELS[w.status]}</Tag>
            </span>
          </li>
        ))}
      </ul>
    </PagedFrame>
  );
}

/** /my/payment: balance (from the ledger), payout account (SMS re-check), withdrawals (min HK$100) and history. */
export default function PaymentScreen() {
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
          <div>
            <dt>求購託管中</dt>
            <dd>{formatHkd(w.escrow)}</dd>
          </div>
          <div>
            <dt>提現處理中</dt>
            <dd>{formatHkd(w.pendingWithdrawal)}</dd>
          </div>
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
            {!w.payoutAccount && <p className="wallet-note">未設定收款帳戶。設定後可出售物品及提現。</p>}
            <AccountForm
              wallet={w}
              onCancel={w.payoutAccount ? () => setEditing(false) : undefined}
              onSaved={() => {
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
