import { Form, Input } from 'antd-mobile';
import { Link } from 'react-router';
import { CheckboxField } from '../../components/checkbox-field';
import { NicknameSchema, RegisterBodySchema } from '../../../shared/schemas/auth';
import { zodRule } from '../../lib/form-rules';
import { register } from './api/register';
import { SignInForm, type PhoneCodeValues } from './components/sign-in-form';

const ConsentRule = zodRule(RegisterBodySchema.shape.agreePrivacy);

interface RegisterValues extends PhoneCodeValues {
  nickname?: string;
  agreePrivacy?: boolean;
}

/** /register: phone + SMS code, optional nickname, privacy consent; then go to "/". */
export default function RegisterScreen() {
  return (
    <SignInForm
      name="register"
      title="加入 Trove 寶庫"
      intro="用手機號碼註冊，收藏、兌換及交易卡牌。"
      submitText="註冊"
      schema={RegisterBodySchema}
      send={register}
      toBody={(values: RegisterValues, body) => {
        const nickname = values.nickname?.trim();
        return { ...body, ...(nickname ? { nickname } : {}), agreePrivacy: values.agreePrivacy === true };
      }}
      note={
        <>
          已有帳戶？<Link to="/login">登入</Link>
        </>
      }
    >
      <Form.Item
        name="nickname"
        label="暱稱"
        rules={[zodRule(NicknameSchema.optional())]}
        validateTrigger="onBlur"
        description="選填，2 至 20 個字"
      >
        <Input placeholder="選填" maxLength={20} autoComplete="nickname" />
      </Form.Item>
      <Form.Item name="agreePrivacy" valuePropName="checked" rules={[ConsentRule]} initialValue={false}>
        <CheckboxField
          hint="須同意私隱政策才可註冊。"
          label={
            <>
              我已閱讀並同意<Link to="/my/privacy">私隱政策</Link>
            </>
          }
        />
      </Form.Item>
    </SignInForm>
  );
}
