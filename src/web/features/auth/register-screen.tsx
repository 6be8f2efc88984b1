import { Button, Checkbox, Form, Input } from 'antd-mobile';
import { Link } from 'react-router';
import { NicknameSchema, RegisterBodySchema } from '../../../shared/schemas/auth';
import { zodRule } from '../../lib/form-rules';
import { phoneE164, type PhoneValue } from '../../lib/phone-value';
import { register } from './api/register';
import { PhoneCodeFields } from '../../components/phone-code-fields';
import { useSignInSubmit } from './components/use-sign-in-submit';

const ConsentRule = zodRule(RegisterBodySchema.shape.agreePrivacy);

/** /register: phone + SMS code, optional nickname, privacy consent; then go to "/". */
export default function RegisterScreen() {
  const [form] = Form.useForm();
  const { submitting, submit } = useSignInSubmit(form, RegisterBodySchema, register);

  const onFinish = (values: { phone: PhoneValue; code: string; nickname?: string; agreePrivacy?: boolean }) => {
    const nickname = values.nickname?.trim();
    return submit({
      phone: phoneE164(values.phone) ?? '',
      code: values.code?.trim() ?? '',
      ...(nickname ? { nickname } : {}),
      agreePrivacy: values.agreePrivacy === true,
    });
  };

  return (
    <>
      <div className="auth-intro">
        <p className="auth-brand">加入 Trove 寶庫</p>
        <p>用手機號碼註冊，收藏、兌換及交易卡牌。</p>
      </div>
      <Form
        name="register"
        form={form}
        layout="horizontal"
        requiredMarkStyle="none"
        onFinish={onFinish}
        footer={
          <Button block type="submit" color="primary" size="large" loading={submitting}>
            註冊
          </Button>
        }
      >
        <PhoneCodeFields form={form} purpose="register" />
        <Form.Item name="nickname" label="暱稱" rules={[zodRule(NicknameSchema.optional())]} validateTrigger="onBlur" description="選填，2 至 20 個字">
          <Input placeholder="選填" maxLength={20} autoComplete="nickname" />
        </Form.Item>
        <Form.Item name="agreePrivacy" valuePropName="checked" rules={[ConsentRule]} initialValue={false}>
          <Checkbox>
            我已閱讀並同意<Link to="/my/privacy">私隱政策</Link>
          </Checkbox>
        </Form.Item>
      </Form>
      <p className="form-note">
        已有帳戶？<Link to="/login">登入</Link>
      </p>
    </>
  );
}
