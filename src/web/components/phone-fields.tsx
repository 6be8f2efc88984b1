import { useRef } from 'react';
import { Button, Toast, type ButtonProps } from 'antd-mobile';
import { SMS_RESEND_AFTER_MS } from '../../shared/constants';
import { PHONE_REGIONS, type PhoneRegion } from '../../shared/phone';
import type { SmsSendBody } from '../../shared/schemas/auth';
import { EMPTY_PHONE, type PhoneValue } from '../lib/phone-value';
import { isFailure, type Failure } from '../lib/request';
import { sendSms } from '../api/send-sms';
import { useCountdown } from '../lib/use-clock';
import { SmsCodeBox } from './sms-code-box';

/** aria-invalid / aria-describedby for a field that shows an error below it. */
interface FieldA11y {
  invalid?: boolean;
  describedBy?: string;
}

/**
 * Region picker (+852 by default, +853, +86) and the mobile number, for /login, /register and
 * /my/card. Controlled (`value`/`onChange`), so it also works as an antd-mobile Form.Item child.
 */
export function PhoneInput({
  id,
  value = EMPTY_PHONE,
  onChange,
  className = 'phone-input',
  invalid,
  describedBy,
}: { id?: string; value?: PhoneValue; onChange?: (value: PhoneValue) => void; className?: string } & FieldA11y) {
  return (
    <div className={className}>
      <select
        className="phone-region"
        aria-label="地區"
        value={value.region}
        onChange={(e) => onChange?.({ ...value, region: e.target.value as PhoneRegion })}
      >
        {PHONE_REGIONS.map((r) => (
          <option key={r.region} value={r.region}>
            {r.label}
          </option>
        ))}
      </select>
      <input
        id={id}
        className="text-input"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="手機號碼"
        maxLength={20}
        value={value.number}
        onChange={(e) => onChange?.({ ...value, number: e.target.value })}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
      />
    </div>
  );
}

/** Sends a code some other way than sms/send (e.g. sms/authSend to the user's own phone). */
export type SendCode = () => Promise<{ resendAfterSeconds: number } | Failure | null>;

/**
 * The 6-digit SMS code with 獲取驗證碼: asks `phone()` for the E.164 number (null when the phone
 * field is not valid: it shows why), calls sms/send with `purpose`, then counts down 60 s. With
 * `send` instead, that call sends the code (null: nothing sent).
 */
export function SmsCodeInput({
  id,
  value = '',
  onChange,
  purpose,
  phone,
  send,
  className = 'sms-code-input',
  buttonFill = 'none',
  invalid,
  describedBy,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  className?: string;
  buttonFill?: ButtonProps['fill'];
} & (
  | { purpose: SmsSendBody['purpose']; phone: () => Promise<string | null> | string | null; send?: undefined }
  | { send: SendCode; purpose?: undefined; phone?: undefined }
) &
  FieldA11y) {
  const { secondsLeft, start } = useCountdown();
  const input = useRef<HTMLInputElement>(null);

  const requestCode = async () => {
    let result: Awaited<ReturnType<SendCode>>;
    if (send) {
      result = await send();
    } else {
      const to = await phone!();
      if (!to) return;
      result = await sendSms({ phone: to, purpose: purpose! });
    }
    if (!result || isFailure(result)) return;
    start(result.resendAfterSeconds > 0 ? result.resendAfterSeconds : SMS_RESEND_AFTER_MS / 1000);
    // The button is disabled while counting down: focus goes on to the code, the next thing to type.
    input.current?.focus();
    Toast.show({ icon: 'success', content: '驗證碼已發送，請查看短訊' });
  };

  return (
    <div className={className}>
      <SmsCodeBox
        ref={input}
        id={id}
        value={value}
        onChange={(v) => onChange?.(v)}
        invalid={invalid}
        describedBy={describedBy}
      />
      <Button size="small" color="primary" fill={buttonFill} disabled={secondsLeft > 0} onClick={requestCode}>
        {secondsLeft > 0 ? `${secondsLeft} 秒後可重發` : '獲取驗證碼'}
      </Button>
    </div>
  );
}
