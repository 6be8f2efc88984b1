import { Button, Form, Input, Toast } from 'antd-mobile';
import { SMS_RESEND_AFTER_MS } from '../../../../shared/constants';
import { SmsCodeSchema, type SmsSendBody } from '../../../../shared/schemas/auth';
import { zodRule } from '../../../lib/form-rules';
import { isFailure } from '../../../lib/request';
import { sendSms } from '../api/send-sms';
import { EMPTY_PHONE, PhoneInput, phoneE164, phoneRule, type PhoneValue } from './phone-input';
import { useCountdown } from './use-countdown';

type FormInstance = ReturnType<typeof Form.useForm>[0];

/** The phone field and the code field with 獲取驗證碼 (60 s countdown), shared by sign-in and sign-up. */
export function PhoneCodeFields({ form, purpose }: { form: FormInstance; purpose: SmsSendBody['purpose'] }) {
  const { secondsLeft, start } = useCountdown();

  const requestCode = async () => {
    try {
      await form.validateFields(['phone']);
    } catch {
      return; // the phone field shows why
    }
    const phone = phoneE164(form.getFieldValue('phone') as PhoneValue);
    if (!phone) return;
    const result = await sendSms({ phone, purpose });
    if (isFailure(result)) return;
    start(result.resendAfterSeconds > 0 ? result.resendAfterSeconds : SMS_RESEND_AFTER_MS / 1000);
    Toast.show({ icon: 'success', content: '驗證碼已發送，請查看短訊' });
  };

  return (
    <>
      <Form.Item name="phone" label="手機號碼" initialValue={EMPTY_PHONE} rules={[phoneRule]} validateTrigger="onBlur" required>
        <PhoneInput />
      </Form.Item>
      <Form.Item
        name="code"
        label="驗證碼"
        rules={[zodRule(SmsCodeSchema)]}
        validateTrigger="onBlur"
        required
        extra={
          <Button size="small" color="primary" fill="none" disabled={secondsLeft > 0} onClick={requestCode} aria-live="polite">
            {secondsLeft > 0 ? `${secondsLeft} 秒後可重發` : '獲取驗證碼'}
          </Button>
        }
      >
        <Input inputMode="numeric" autoComplete="one-time-code" placeholder="6 位數字驗證碼" maxLength={6} />
      </Form.Item>
    </>
  );
}
