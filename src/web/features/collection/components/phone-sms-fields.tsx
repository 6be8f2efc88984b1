import { useState } from 'react';
import { PhoneInput, SmsCodeInput } from '../../../components/phone-fields';
import { EMPTY_PHONE, checkPhone, type PhoneValue } from '../../../lib/phone-value';

export interface PhoneSms extends PhoneValue {
  smsCode: string;
}

export const EMPTY_PHONE_SMS: PhoneSms = { ...EMPTY_PHONE, smsCode: '' };

/** Phone (region + number) and the SMS code with 獲取驗證碼 (purpose `exchange`) for a signed-out exchange. */
export function PhoneSmsFields({ value, onChange, errors }: { value: PhoneSms; onChange: (v: PhoneSms) => void; errors: { phone?: string; smsCode?: string } }) {
  const [phoneError, setPhoneError] = useState<string | null>(null);

  const phone = () => {
    const checked = checkPhone(value);
    setPhoneError(checked.ok ? null : checked.message);
    return checked.ok ? checked.phone : null;
  };

  const shownPhoneError = errors.phone ?? phoneError;
  return (
    <fieldset className="exchange-account">
      <legend>未登入：輸入手機號碼及驗證碼，兌換後自動登入（未有帳戶會自動註冊）</legend>
      <label className="exchange-label" htmlFor="exchange-phone">
        手機號碼
      </label>
      <PhoneInput
        id="exchange-phone"
        className="exchange-phone"
        value={value}
        onChange={(phoneValue) => onChange({ ...value, ...phoneValue })}
        invalid={Boolean(shownPhoneError)}
        describedBy={shownPhoneError ? 'exchange-phone-error' : undefined}
      />
      {shownPhoneError && (
        <p id="exchange-phone-error" className="field-error" role="alert">
          {shownPhoneError}
        </p>
      )}
      <label className="exchange-label" htmlFor="exchange-sms">
        驗證碼
      </label>
      <SmsCodeInput
        id="exchange-sms"
        className="exchange-sms"
        buttonFill="outline"
        purpose="exchange"
        phone={phone}
        value={value.smsCode}
        onChange={(smsCode) => onChange({ ...value, smsCode })}
        invalid={Boolean(errors.smsCode)}
        describedBy={errors.smsCode ? 'exchange-sms-error' : undefined}
      />
      {errors.smsCode && (
        <p id="exchange-sms-error" className="field-error" role="alert">
          {errors.smsCode}
        </p>
      )}
    </fieldset>
  );
}
