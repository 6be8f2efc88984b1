import { useState, type FormEvent } from 'react';
import { Button, Toast } from 'antd-mobile';
import {
  PAYOUT_METHODS,
  PAYOUT_METHOD_LABELS,
  PaymentUpdateBodySchema,
  type PayoutMethod,
} from '../../../../shared/schemas/identity';
import type { Wallet } from '../../../../shared/schemas/wallet';
import { isFailure } from '../../../lib/request';
import { updatePayoutAccount } from '../api/update-payout-account';
import { issuesOf, SmsCodeField, WalletTextField, type FieldErrors } from './wallet-fields';
import '../../../components/form-controls.css';

const ACCOUNT_HINTS: Record<PayoutMethod, string> = {
  fps: 'FPS 識別碼、手機號碼或電郵地址',
  bank: '銀行編號 + 分行編號 + 戶口號碼',
  payme: 'PayMe 登記的手機號碼',
};

/** 收款帳戶: method, name and number, saved after an SMS re-check. */
export function AccountForm({
  wallet,
  onSaved,
  onCancel,
}: {
  wallet: Wallet;
  onSaved: () => void;
  onCancel?: () => void;
}) {
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
      <fieldset className="bare-fieldset">
        <legend className="wallet-label">收款方式</legend>
        <div className="pill-choices">
          {PAYOUT_METHODS.map((m) => (
            <label key={m} className={method === m ? 'pill-choice selected' : 'pill-choice'}>
              <input type="radio" name="method" value={m} checked={method === m} onChange={() => setMethod(m)} />
              {PAYOUT_METHOD_LABELS[m]}
            </label>
          ))}
        </div>
      </fieldset>
      <WalletTextField
        id="accountName"
        label="帳戶名稱"
        autoComplete="name"
        value={accountName}
        onChange={setAccountName}
        error={errors.accountName}
      />
      <WalletTextField
        id="accountNo"
        label="帳戶號碼"
        autoComplete="off"
        placeholder={ACCOUNT_HINTS[method]}
        value={accountNo}
        onChange={setAccountNo}
        error={errors.accountNo}
      />
      <SmsCodeField id="account-code" purpose="payment" value={code} onChange={setCode} error={errors.code} />
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
