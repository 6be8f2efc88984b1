import { useState, type FormEvent } from 'react';
import { Button, Dialog, Toast } from 'antd-mobile';
import { WITHDRAWAL_MIN_CENTS } from '../../../../shared/constants';
import { formatHkd } from '../../../../shared/money';
import { PAYOUT_METHOD_LABELS } from '../../../../shared/schemas/identity';
import { WithdrawBodySchema, type Wallet } from '../../../../shared/schemas/wallet';
import { isFailure } from '../../../lib/request';
import { withdraw } from '../api/withdraw';
import { issuesOf, SmsCodeField, WalletTextField, type FieldErrors } from './wallet-fields';

/** 提現: an amount from the balance to the payout account, after an SMS re-check. */
export function WithdrawForm({ wallet, onDone }: { wallet: Wallet; onDone: () => void }) {
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
      'aria-label': '確認提現',
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
      <WalletTextField
        id="withdraw-amount"
        label={`提現金額（港幣，最少 ${formatHkd(WITHDRAWAL_MIN_CENTS)}）`}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={setAmount}
        error={errors.amount}
      />
      <SmsCodeField id="withdraw-code" purpose="withdraw" value={code} onChange={setCode} error={errors.code} />
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
