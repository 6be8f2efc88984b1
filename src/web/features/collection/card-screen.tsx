import { useState } from 'react';
import { Button, Form, Result } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import {
  CODE_LENGTH,
  checkExchangeCode,
  formatExchangeCode,
  normaliseExchangeCode,
} from '../../../shared/exchange-code';
import type { SessionData } from '../../../shared/schemas/auth';
import type { ExchangeResult, MintedCard } from '../../../shared/schemas/collection';
import { PhoneCodeFields } from '../../components/phone-code-fields';
import type { FormRule } from '../../lib/form-rules';
import { phoneE164, type PhoneValue } from '../../lib/phone-value';
import { isFailure } from '../../lib/request';
import { signIn } from '../../lib/sign-in';
import { useSession } from '../../lib/stores';
import { exchangeCode } from './api/exchange-code';
import { CardTile } from './components/card-tile';
import { CodeScanner } from './components/code-scanner';
import './collection.css';

/** The session data of a signed-out exchange's answer. */
function isSessionAnswer(result: ExchangeResult): result is ExchangeResult & SessionData {
  return typeof result.token === 'string' && result.user !== undefined && result.authority !== undefined;
}

/** The exchange code's rule: the check character must match (the hint below says so while typing). */
const exchangeCodeRule: FormRule = {
  validator: async (_rule, value: string | undefined) => {
    const checked = checkExchangeCode(value ?? '');
    if (!checked.ok) throw new Error(checked.reason === 'wrong' ? checked.message : '請輸入完整的兌換碼');
  },
};

/** The code box: shows the code in groups of four, hands the form the code without dashes. */
function ExchangeCodeInput({
  id,
  value = '',
  onChange,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}) {
  const checked = checkExchangeCode(value);
  return (
    <input
      id={id}
      className="text-input exchange-code-input"
      value={value.length > 0 ? formatExchangeCode(value) : ''}
      onChange={(e) => onChange?.(normaliseExchangeCode(e.target.value).slice(0, CODE_LENGTH + 4))}
      placeholder="XXXX-XXXX-XXXX-XXXX-X"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      aria-invalid={!checked.ok && checked.reason === 'wrong' ? true : undefined}
      aria-describedby="exchange-code-hint"
    />
  );
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
  if (checked.reason === 'incomplete')
    return (
      <p className="field-hint">
        已輸入 {typed} / {CODE_LENGTH} 個字元
      </p>
    );
  return <p className="field-hint">兌換碼共 {CODE_LENGTH} 個字元，印在卡包內；可用相機掃描 QR 碼。</p>;
}

function Minted({ cards, onAgain }: { cards: MintedCard[]; onAgain: () => void }) {
  const navigate = useNavigate();
  return (
    <section className="exchange-result" aria-labelledby="exchange-result-title">
      <Result
        status="success"
        title={<span id="exchange-result-title">兌換成功</span>}
        description={`已加入你的收藏：${cards.map((c) => c.name).join('、')}`}
      />
      <div className="card-grid">
        {cards.map((c) => (
          <CardTile key={c.id} card={c} serialLabel={c.serialLabel} />
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

interface ExchangeValues {
  exchangeCode: string;
  phone?: PhoneValue;
  code?: string;
}

/** /my/card: redeem an exchange code; signed out it also takes phone + SMS code and signs in. */
export default function CardScreen() {
  const session = useSession();
  const [params] = useSearchParams();
  const [form] = Form.useForm<ExchangeValues>();
  const code: string = Form.useWatch('exchangeCode', form) ?? '';
  const [submitting, setSubmitting] = useState(false);
  const [minted, setMinted] = useState<MintedCard[] | null>(null);
  const checked = checkExchangeCode(code);

  // Called by the Form once every rule holds: the code's check character, and signed out the phone and SMS code.
  const onFinish = async (values: ExchangeValues) => {
    const valid = checkExchangeCode(values.exchangeCode);
    if (!valid.ok) return;
    const body = session
      ? { code: valid.code }
      : { code: valid.code, phone: phoneE164(values.phone) ?? '', smsCode: values.code?.trim() ?? '' };
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
          form.resetFields(['exchangeCode']);
        }}
      />
    );
  }

  return (
    <Form
      name="exchange"
      form={form}
      layout="vertical"
      requiredMarkStyle="none"
      className="exchange-form"
      aria-label="兌換卡牌"
      onFinish={onFinish}
      footer={
        <Button block type="submit" color="primary" size="large" loading={submitting} disabled={!checked.ok}>
          {session ? '兌換' : '兌換並登入'}
        </Button>
      }
    >
      <Form.Header>輸入卡包內的兌換碼，卡牌會即時加入你的收藏。</Form.Header>
      <Form.Item
        name="exchangeCode"
        label="兌換碼"
        initialValue={normaliseExchangeCode(params.get('code') ?? '')}
        rules={[exchangeCodeRule]}
        // The hint below checks while typing; the rule guards the submit.
        validateTrigger={[]}
        description={
          <>
            <div id="exchange-code-hint" aria-live="polite">
              <CodeHint code={code} />
            </div>
            <CodeScanner onCode={(scanned) => form.setFieldValue('exchangeCode', normaliseExchangeCode(scanned))} />
          </>
        }
      >
        <ExchangeCodeInput />
      </Form.Item>
      {!session && (
        <>
          <Form.Header>未登入：輸入手機號碼及驗證碼，兌換後自動登入（未有帳戶會自動註冊）</Form.Header>
          <PhoneCodeFields form={form} purpose="exchange" />
        </>
      )}
    </Form>
  );
}
