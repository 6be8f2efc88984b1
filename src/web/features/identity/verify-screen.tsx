import { useState, type FormEvent } from 'react';
import { Button, Result } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { ID_TYPES, ID_TYPE_LABELS, type IdType } from '../../../shared/identity';
import { VerifyIdentityBodySchema, type Identity } from '../../../shared/schemas/identity';
import { ErrorState, LoadingState } from '../../components/state-views';
import { isFailure } from '../../lib/request';
import { useLoad } from '../../lib/use-load';
import { getIdentity } from './api/get-identity';
import { verifyIdentity } from './api/verify-identity';
import './identity.css';
import { formatHkDate } from '../../../shared/hk-time';
import { Fact } from '../../components/fact';
import '../../components/form-controls.css';
import '../../components/pairs-list.css';

const PLACEHOLDERS: Record<IdType, string> = {
  hkid: '例如 A123456(3)',
  prc_id: '18 位號碼，例如 11010519491231002X',
  passport: '護照號碼',
};

type Errors = Partial<Record<'name' | 'idType' | 'idNumber', string>>;

function Record({ identity }: { identity: Identity }) {
  const navigate = useNavigate();
  return (
    <div className="identity">
      <Result
        status={identity.status === 'verified' ? 'success' : 'warning'}
        title={identity.status === 'verified' ? '已完成實名認證' : '實名認證已被撤銷'}
        description={identity.status === 'verified' ? '你現在可以在市場買賣。' : '如有疑問，請聯絡客服。'}
      />
      <dl className="pairs-list identity-record" aria-label="認證資料">
        <Fact term="姓名">{identity.nameMasked}</Fact>
        <Fact term="證件類型">{ID_TYPE_LABELS[identity.idType]}</Fact>
        <Fact term="證件號碼">{identity.idNumberMasked}</Fact>
        <Fact term="認證日期">{formatHkDate(identity.verifiedAt)}</Fact>
      </dl>
      <div className="identity-actions">
        <Button block color="primary" size="large" onClick={() => navigate('/market')}>
          前往市場
        </Button>
        <Button block size="large" onClick={() => navigate('/my/payment')}>
          設定收款帳戶
        </Button>
      </div>
    </div>
  );
}

function VerifyForm({ onVerified }: { onVerified: (i: Identity) => void }) {
  const [name, setName] = useState('');
  const [idType, setIdType] = useState<IdType>('hkid');
  const [idNumber, setIdNumber] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = VerifyIdentityBodySchema.safeParse({ name, idType, idNumber });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        if (field && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    const res = await verifyIdentity({ name, idType, idNumber });
    setBusy(false);
    if (!isFailure(res)) onVerified(res);
  };

  const describe = (field: keyof Errors, hint?: string) =>
    [errors[field] ? `${field}-error` : null, hint].filter(Boolean).join(' ') || undefined;
  return (
    <form className="identity" onSubmit={submit} noValidate aria-labelledby="identity-title">
      <h2 id="identity-title" className="identity-title">
        實名認證
      </h2>
      <p className="identity-note">
        在市場出售或求購前，需以身份證明文件完成認證。每個證件只可認證一個帳戶；號碼會加密儲存，只顯示部分號碼。
      </p>
      <label className="identity-label" htmlFor="name">
        證件上的姓名
      </label>
      <input
        id="name"
        className="boxed-input"
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        aria-invalid={errors.name ? true : undefined}
        aria-describedby={describe('name')}
      />
      {errors.name && (
        <p id="name-error" className="form-error" role="alert">
          {errors.name}
        </p>
      )}
      <fieldset className="bare-fieldset">
        <legend className="identity-label">證件類型</legend>
        <div className="pill-choices">
          {ID_TYPES.map((t) => (
            <label
              key={t}
              className={idType === t ? 'pill-choice identity-type selected' : 'pill-choice identity-type'}
            >
              <input type="radio" name="idType" value={t} checked={idType === t} onChange={() => setIdType(t)} />
              {ID_TYPE_LABELS[t]}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="identity-label" htmlFor="idNumber">
        證件號碼
      </label>
      <input
        id="idNumber"
        className="boxed-input"
        autoComplete="off"
        autoCapitalize="characters"
        placeholder={PLACEHOLDERS[idType]}
        value={idNumber}
        onChange={(e) => setIdNumber(e.target.value)}
        aria-invalid={errors.idNumber ? true : undefined}
        aria-describedby={describe('idNumber', 'idNumber-hint')}
      />
      <p id="idNumber-hint" className="identity-hint">
        {idType === 'hkid'
          ? '包括括號內的檢查碼，例如 A123456(3)。'
          : idType === 'prc_id'
            ? '18 位號碼，最後一位可以是 X。'
            : '護照上的號碼（5 至 20 個英文字母或數字）。'}
      </p>
      {errors.idNumber && (
        <p id="idNumber-error" className="form-error" role="alert">
          {errors.idNumber}
        </p>
      )}
      <Button block color="primary" size="large" type="submit" loading={busy} disabled={busy}>
        提交認證
      </Button>
    </form>
  );
}

/** /my/verify: the real-name form (check digits validated here with the shared validators), then only the masked record. */
export default function VerifyScreen() {
  const state = useLoad(getIdentity, []);
  const [done, setDone] = useState<Identity | null>(null);
  if (done) return <Record identity={done} />;
  if (state.status === 'loading') return <LoadingState label="正在載入認證資料…" />;
  if (state.status === 'error') return <ErrorState title="未能載入認證資料" onRetry={state.reload} />;
  if (state.data && state.data.status === 'verified') return <Record identity={state.data} />;
  return (
    <>
      {state.data && <Record identity={state.data} />}
      <VerifyForm onVerified={setDone} />
    </>
  );
}
