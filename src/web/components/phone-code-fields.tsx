import { Form } from 'antd-mobile';
import { SmsCodeSchema, type SmsSendBody } from '../../shared/schemas/auth';
import { PhoneInput, SmsCodeInput } from './phone-fields';
import { zodRule } from '../lib/form-rules';
import { EMPTY_PHONE, phoneE164, phoneRule, type PhoneValue } from '../lib/phone-value';

type FormInstance = ReturnType<typeof Form.useForm>[0];

/** The phone field and the code field with 獲取驗證碼 (60 s countdown) as Form items, shared by sign-in, sign-up and the signed-out code exchange on /my/card. */
export function PhoneCodeFields({ form, purpose }: { form: FormInstance; purpose: SmsSendBody['purpose'] }) {
  const phone = async () => {
    try {
      await form.validateFields(['phone']);
    } catch {
      return null; // the phone field shows why
    }
    return phoneE164(form.getFieldValue('phone') as PhoneValue);
  };

  return (
    <>
      <Form.Item
        name="phone"
        label="手機號碼"
        initialValue={EMPTY_PHONE}
        rules={[phoneRule]}
        validateTrigger="onBlur"
        required
      >
        <PhoneInput />
      </Form.Item>
      <Form.Item name="code" label="驗證碼" rules={[zodRule(SmsCodeSchema)]} validateTrigger="onBlur" required>
        <SmsCodeInput purpose={purpose} phone={phone} />
      </Form.Item>
    </>
  );
}
