import { useState, type FormEvent } from 'react';
import { Button, Result } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { CODE_LENGTH, checkExchangeCode, formatExchangeCode, normaliseExchangeCode } from '../../../shared/exchange-code';
import type { SessionData } from '../../../shared/schemas/auth';
import type { ExchangeResult, MintedCard } from '../../../shared/schemas/collection';
import { checkPhone, smsCodeError } from '../../lib/phone-value';
import { isFailure } from '../../lib/request';
import { signIn } from '../../lib/session';
import { useSession } from '../../lib/stores';
import { exchangeCode } from './api/exchange-code';
import { CardTile } from './components/card-tile';
import { CodeScanner } from './components/code-scanner';
import { EMPTY_PHONE_SMS, PhoneSmsFields, type PhoneSms } from './components/phone-sms-fields';
import './collection.css';

/** The session data of a signed-out exchange's answer. */
function isSessionAnswer(result: ExchangeResult): result is ExchangeResult & SessionData {
  return typeof result.token === 'string' && result.user !== undefined && result.authority !== undefined;
}

/** What the code field says while typing: counts up, then right or wrong (the check character). */
function CodeHint({ code }: { code: string }) {
  const checked = checkExchangeCode(code);
  const typed = normaliseExchangeCode(code).length;
  if (checked.ok) return <p className="field-ok">兌換碼格式正確</p>;
  if (checked.reason === 'wrong') {
    return (
      <p id="exchange-code-error" className="field-error" role="alert">
        {checked.message}
      </p>
    );
  }
  if (checked.reason === 'incomplete') return <p className="field-hint">已輸入 {typed} / {CODE_LENGTH} 個字元</p>;
  return <p className="field-hint">兌換碼共 {CODE_LENGTH} 個字元，印在卡包內；可用相機掃描 QR 碼。</p>;
}

function Minted({ cards, onAgain }: { cards: MintedCard[]; onAgain: () => void }) {
  const navigate = useNavigate();
  return (
    <section className="exchange-result" aria-labelledby="exchange-result-title">
      <Result status="success" title={<span id="exchange-result-title">兌換成功</span>} description={`已加入你的收藏：${cards.map((c) => c.name).join('、')}`} />
      <div className="card-grid">
        {cards.map((c) => (
          <CardTile key={c.id} name={c.name} image={c.image} rarity={c.rarity} serialLabel={c.serialLabel} />
        ))}
      </div>
      <div className="form-actions">
        <Button block color="primary" size="large" onClick={() => navigate('/my/collection')}>
          查看我的收藏
        </Button>
        <Button block size="large" onClick={onAgain}>
          繼續兌換
        </Button>
      </div>
    </section>
  );
}

/** /my/card: redeem an exchange code; signed out it also takes phone + SMS code and signs in. */
export default function CardScreen() {
  const session = useSession();
  const [params] = useSearchParams();
  const [code, setCode] = useState(() => params.get('code') ?? '');
  const [account, setAccount] = useState<PhoneSms>(EMPTY_PHONE_SMS);
  const [errors, setErrors] = useState<{ phone?: string; smsCode?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  const [minted, setMinted] = useState<MintedCard[] | null>(null);
  const checked = checkExchangeCode(code);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!checked.ok) return;
    let body: { code: string; phone?: string; smsCode?: string } = { code: checked.code };
    if (!session) {
      const phone = checkPhone(account);
      const smsError = smsCodeError(account.smsCode);
      const next = { phone: phone.ok ? undefined : phone.message, smsCode: smsError ?? undefined };
      setErrors(next);
      if (!phone.ok || smsError) return;
      body = { ...body, phone: phone.phone, smsCode: account.smsCode.trim() };
    }
    setSubmitting(true);
    const result = await exchangeCode(body);
    setSubmitting(false);
    if (isFailure(result)) return;
    // Seed §4: the session data is stored, and the app goes to "/", only when the answer has no msg.
    if (!result.msg && isSessionAnswer(result.data)) {
      signIn(result.data);
      return;
    }
    setMinted(result.data.cards);
  };

  if (minted) {
    return (
      <Minted
        cards={minted}
        onAgain={() => {
          setMinted(null);
          setCode('');
        }}
      />
    );
  }

  return (
    <form className="page exchange-form" onSubmit={onSubmit} noValidate aria-label="兌換卡牌">
      <p className="exchange-intro">輸入卡包內的兌換碼，卡牌會即時加入你的收藏。</p>
      <label className="exchange-label" htmlFor="exchange-code">
        兌換碼
      </label>
      <input
        id="exchange-code"
        className="text-input exchange-code-input"
        value={code.length > 0 ? formatExchangeCode(code) : ''}
        onChange={(e) => setCode(normaliseExchangeCode(e.target.value).slice(0, CODE_LENGTH + 4))}
        placeholder="XXXX-XXXX-XXXX-XXXX-X"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        aria-invalid={!checked.ok && checked.reason === 'wrong' ? true : undefined}
        aria-describedby="exchange-code-hint"
      />
      <div id="exchange-code-hint" aria-live="polite">
        <CodeHint code={code} />
      </div>
      <CodeScanner onCode={(scanned) => setCode(normaliseExchangeCode(scanned))} />
      {!session && <PhoneSmsFields value={account} onChange={setAccount} errors={errors} />}
      <Button block type="submit" color="primary" size="large" loading={submitting} disabled={!checked.ok}>
        {session ? '兌換' : '兌換並登入'}
      </Button>
    </form>
  );
}
