import { useState } from 'react';
import { Button, Form, Toast } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { UpdatePhoneBodySchema } from '../../../shared/schemas/account';
import { SmsCodeSchema } from '../../../shared/schemas/auth';
import { PhoneInput, SmsCodeInput } from '../../components/phone-fields';
import { zodRule } from '../../lib/form-rules';
import { EMPTY_PHONE, phoneE164, phoneRule, type PhoneValue } from '../../lib/phone-value';
import { isFailure } from '../../lib/request';
import { useSession } from '../../lib/stores';
import { sendAuthSms } from '../../api/send-auth-sms';
import { updatePhone } from './api/update-phone';
import './account.css';

interface Values {
  authCode: string;
  phone: PhoneValue;
  code: string;
}

/**
 * /my/phone: a code sent to the current phone (sms/authSend) and one sent to the new phone
 * (sms/send) → user/updatePhone; the other devices are signed out.
 */
export default function PhoneScreen() {
  const session = useSession();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();

  const newPhone = async () => {
    try {
      await form.validateFields(['phone']);
    } catch {
      return null; // the field shows why
    }
    return phoneE164(form.getFieldValue('phone') as PhoneValue);
  };

  const onFinish = async (values: Values) => {
    const parsed = UpdatePhoneBodySchema.safeParse({
      authCode: values.authCode?.trim() ?? '',
      phone: phoneE164(values.phone) ?? '',
      code: values.code?.trim() ?? '',
    });
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: String(i.path[0]), errors: [i.message] })));
      return;
    }
    setSaving(true);
    const result = await updatePhone(parsed.data);
    setSaving(false);
    if (isFailure(result)) return;
    Toast.show({ icon: 'success', content: '手機號碼已更換，其他裝置已登出' });
    navigate('/my', { replace: true });
  };

  return (
    <Form
      name="change-phone"
      form={form}
      layout="vertical"
      requiredMarkStyle="none"
      onFinish={onFinish}
      initialValues={{ phone: EMPTY_PHONE, authCode: '', code: '' }}
      footer={
        <>
          <Button block type="submit" color="primary" size="large" loading={saving}>
            更換手機號碼
          </Button>
          <p className="form-note">更換後，其他裝置上的登入會被登出。</p>
        </>
      }
    >
      <Form.Header>第 1 步：驗證目前的手機號碼</Form.Header>
      <p className="phone-current">目前手機號碼：{session?.user.phoneMasked ?? ''}</p>
      <Form.Item name="authCode" label="目前號碼的驗證碼" rules={[zodRule(SmsCodeSchema)]} validateTrigger="onBlur">
        <SmsCodeInput send={() => sendAuthSms({ purpose: 'change_phone_old' })} />
      </Form.Item>
      <Form.Header>第 2 步：驗證新的手機號碼</Form.Header>
      <Form.Item name="phone" label="新手機號碼" rules={[phoneRule]} validateTrigger="onBlur">
        <PhoneInput />
      </Form.Item>
      <Form.Item name="code" label="新號碼的驗證碼" rules={[zodRule(SmsCodeSchema)]} validateTrigger="onBlur">
        <SmsCodeInput purpose="change_phone" phone={newPhone} />
      </Form.Item>
    </Form>
  );
}
