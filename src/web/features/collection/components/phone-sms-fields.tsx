import { useCallback, useEffect, useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { SMS_RESEND_AFTER_MS } from '../../../../shared/constants';
import { DEFAULT_REGION, PHONE_REGIONS, toE164, type PhoneRegion } from '../../../../shared/phone';
import { PhoneSchema, SmsCodeSchema } from '../../../../shared/schemas/auth';
import { isFailure } from '../../../lib/request';
import { sendExchangeSms } from '../api/send-exchange-sms';

export interface PhoneSms {
  region: PhoneRegion;
  number: string;
  smsCode: string;
}

export const EMPTY_PHONE_SMS: PhoneSms = { region: DEFAULT_REGION, number: '', smsCode: '' };

/** The number in E.164 for the chosen region, or the shared schema's zh-HK message. */
export function phoneOf(value: PhoneSms): { ok: true; phone: string } | { ok: false; message: string } {
  const number = value.number.trim();
  const dial = PHONE_REGIONS.find((r) => r.region === value.region)?.dial ?? '+852';
  const input = number === '' ? undefined : (toE164(number, value.region) ?? `${dial}${number}`);
  const parsed = PhoneSchema.safeParse(input);
  return parsed.success ? { ok: true, phone: parsed.data } : { ok: false, message: parsed.error.issues[0]?.message ?? '請輸入有效的手機號碼' };
}

export function smsCodeError(value: PhoneSms): string | null {
  const parsed = SmsCodeSchema.safeParse(value.smsCode.trim() === '' ? undefined : value.smsCode.trim());
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? '請輸入驗證碼');
}

function useCountdown() {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [endsAt, now]);
  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setEndsAt(t + seconds * 1000);
  }, []);
  return { secondsLeft: Math.max(0, Math.ceil((endsAt - now) / 1000)), start };
}

/** Region (+852 by default) + mobile number, and the SMS code with 獲取驗證碼 (purpose `exchange`). */
export function PhoneSmsFields({ value, onChange, errors }: { value: PhoneSms; onChange: (v: PhoneSms) => void; errors: { phone?: string; smsCode?: string } }) {
  const { secondsLeft, start } = useCountdown();
  const [phoneError, setPhoneError] = useState<string | null>(null);

  const requestCode = async () => {
    const phone = phoneOf(value);
    if (!phone.ok) {
      setPhoneError(phone.message);
      return;
    }
    setPhoneError(null);
    const result = await sendExchangeSms(phone.phone);
    if (isFailure(result)) return;
    start(result.resendAfterSeconds > 0 ? result.resendAfterSeconds : SMS_RESEND_AFTER_MS / 1000);
    Toast.show({ icon: 'success', content: '驗證碼已發送，請查看短訊' });
  };

  const shownPhoneError = errors.phone ?? phoneError;
  return (
    <fieldset className="exchange-account">
      <legend>未登入：輸入手機號碼及驗證碼，兌換後自動登入（未有帳戶會自動註冊）</legend>
      <label className="exchange-label" htmlFor="exchange-phone">
        手機號碼
      </label>
      <div className="exchange-phone">
        <select aria-label="地區" value={value.region} onChange={(e) => onChange({ ...value, region: e.target.value as PhoneRegion })}>
          {PHONE_REGIONS.map((r) => (
            <option key={r.region} value={r.region}>
              {r.label}
            </option>
          ))}
        </select>
        <input
          id="exchange-phone"
          className="text-input"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="手機號碼"
          maxLength={20}
          value={value.number}
          onChange={(e) => onChange({ ...value, number: e.target.value })}
          aria-invalid={shownPhoneError ? true : undefined}
          aria-describedby={shownPhoneError ? 'exchange-phone-error' : undefined}
        />
      </div>
      {shownPhoneError && (
        <p id="exchange-phone-error" className="field-error" role="alert">
          {shownPhoneError}
        </p>
      )}
      <label className="exchange-label" htmlFor="exchange-sms">
        驗證碼
      </label>
      <div className="exchange-sms">
        <input
          id="exchange-sms"
          className="text-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="6 位數字驗證碼"
          maxLength={6}
          value={value.smsCode}
          onChange={(e) => onChange({ ...value, smsCode: e.target.value })}
          aria-invalid={errors.smsCode ? true : undefined}
          aria-describedby={errors.smsCode ? 'exchange-sms-error' : undefined}
        />
        <Button size="small" color="primary" fill="outline" disabled={secondsLeft > 0} onClick={requestCode} aria-live="polite">
          {secondsLeft > 0 ? `${secondsLeft} 秒後可重發` : '獲取驗證碼'}
        </Button>
      </div>
      {errors.smsCode && (
        <p id="exchange-sms-error" className="field-error" role="alert">
          {errors.smsCode}
        </p>
      )}
    </fieldset>
  );
}
