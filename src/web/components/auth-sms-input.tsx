import { useRef } from 'react';
import { Button, Toast } from 'antd-mobile';
import { SMS_RESEND_AFTER_MS } from '../../shared/constants';
import type { SmsAuthSendBody } from '../../shared/schemas/auth';
import { sendAuthSms } from '../api/send-auth-sms';
import { isFailure } from '../lib/request';
import { useCountdown } from '../lib/use-clock';
import { SmsCodeBox } from './sms-code-box';

/**
 * The 6-digit code with 獲取驗證碼 sent to the user's own phone (sms/authSend), then a 60 s
 * countdown. `label` names the input for screen readers when there is no visible <label>.
 */
export function AuthSmsCodeInput({
  id,
  value = '',
  onChange,
  purpose,
  invalid,
  describedBy,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  purpose: SmsAuthSendBody['purpose'];
  invalid?: boolean;
  describedBy?: string;
}) {
  const { secondsLeft, start } = useCountdown();
  const input = useRef<HTMLInputElement>(null);

  const requestCode = async () => {
    const result = await sendAuthSms({ purpose });
    if (isFailure(result)) return;
    start(result.resendAfterSeconds > 0 ? result.resendAfterSeconds : SMS_RESEND_AFTER_MS / 1000);
    // The button is disabled while counting down: focus goes on to the code, the next thing to type.
    input.current?.focus();
    Toast.show({ icon: 'success', content: '驗證碼已發送到你的手機' });
  };

  return (
    <div className="sms-code-input">
      <SmsCodeBox
        ref={input}
        id={id}
        value={value}
        onChange={(v) => onChange?.(v.replace(/\D/g, ''))}
        invalid={invalid}
        describedBy={describedBy}
      />
      <Button size="small" color="primary" fill="outline" disabled={secondsLeft > 0} onClick={requestCode}>
        {secondsLeft > 0 ? `${secondsLeft} 秒後可重發` : '獲取驗證碼'}
      </Button>
    </div>
  );
}
