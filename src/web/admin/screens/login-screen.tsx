import { useLogin } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PhoneSchema, SmsCodeSchema } from '../../../shared/schemas/auth';
import { call } from '../lib/api';
import { NO_ADMIN_MSG } from '../providers/auth-provider';

interface LoginValues {
  phone: string;
  code: string;
}

const zodRule = (schema: typeof PhoneSchema | typeof SmsCodeSchema) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const result = schema.safeParse(value ?? '');
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? '格式不正確');
  },
});

/** Phone + SMS code, the same sign-in as the app (`/api/sms/send`, `/api/user/login`). */
export function LoginScreen() {
  const [form] = Form.useForm<LoginValues>();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(params.get('denied') ? NO_ADMIN_MSG : null);
  const [sending, setSending] = useState(false);
  const [wait, setWait] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const { mutate: login, isPending } = useLogin<LoginValues>();

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const sendCode = async () => {
    try {
      await form.validateFields(['phone']);
    } catch {
      return;
    }
    const phone = PhoneSchema.parse(form.getFieldValue('phone'));
    setSending(true);
    setError(null);
    try {
      const { data } = await call<{ resendAfterSeconds: number }>('POST', '/api/sms/send', {
        body: { phone, purpose: 'login' },
      });
      setWait(data.resendAfterSeconds);
      setNotice('驗證碼已發送');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSending(false);
    }
  };

  const submit = (values: LoginValues) => {
    setError(null);
    login(
      { phone: PhoneSchema.parse(values.phone), code: values.code.trim() },
      { onSuccess: (result) => setError(result.success ? null : (result.error?.message ?? '登入失敗')) },
    );
  };

  return (
    <main className="admin-login">
      <Card className="admin-login-card">
        <Typography.Title level={1} className="admin-login-title">
          Trove 寶庫 後台
        </Typography.Title>
        <Typography.Paragraph>以營運人員的手機號碼及短訊驗證碼登入。</Typography.Paragraph>
        {error ? <Alert type="error" message={error} role="alert" className="admin-login-alert" /> : null}
        {notice && !error ? (
          <Alert type="success" message={notice} role="status" className="admin-login-alert" />
        ) : null}
        <Form form={form} layout="vertical" name="admin-login" onFinish={submit} requiredMark={false}>
          <Form.Item name="phone" label="手機號碼" rules={[zodRule(PhoneSchema)]} validateTrigger="onSubmit">
            <Input inputMode="tel" autoComplete="tel" placeholder="例如 51234567" />
          </Form.Item>
          <Form.Item label="驗證碼" required>
            <Space.Compact block>
              <Form.Item name="code" noStyle rules={[zodRule(SmsCodeSchema)]} validateTrigger="onSubmit">
                <Input
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  placeholder="6 位數字"
                  aria-label="驗證碼"
                  id="admin-login_code"
                />
              </Form.Item>
              <Button onClick={() => void sendCode()} loading={sending} disabled={wait > 0}>
                {wait > 0 ? `${wait} 秒後重新獲取` : '獲取驗證碼'}
              </Button>
            </Space.Compact>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isPending}>
            登入
          </Button>
        </Form>
      </Card>
    </main>
  );
}
