import type { ReactNode } from 'react';
import { Button, Form } from 'antd-mobile';
import type { z } from 'zod';
import type { SessionData } from '../../../../shared/schemas/auth';
import { PhoneCodeFields } from '../../../components/phone-code-fields';
import { phoneE164, type PhoneValue } from '../../../lib/phone-value';
import type { Failure } from '../../../lib/request';
import { AuthIntro } from './auth-intro';
import { useSignInSubmit } from './use-sign-in-submit';

export interface PhoneCodeValues {
  phone: PhoneValue;
  code?: string;
}

/**
 * /login and /register: the intro (unless the screen shows it itself, as /login does before this is loaded),
 * phone + SMS code, the screen's own fields, the submit button and a note below. The values go through
 * `toBody` and the shared `schema` before `send`.
 */
export function SignInForm<S extends z.ZodType, V extends PhoneCodeValues>({
  name,
  title,
  intro,
  submitText,
  schema,
  send,
  toBody,
  children,
  note,
}: {
  name: 'login' | 'register';
  title?: string;
  intro?: string;
  submitText: string;
  schema: S;
  send: (body: z.output<S>) => Promise<SessionData | Failure>;
  toBody: (values: V, phoneAndCode: { phone: string; code: string }) => unknown;
  children?: ReactNode;
  note: ReactNode;
}) {
  const [form] = Form.useForm();
  const { submitting, submit } = useSignInSubmit(form, schema, send);
  const onFinish = (values: V) =>
    submit(toBody(values, { phone: phoneE164(values.phone) ?? '', code: values.code?.trim() ?? '' }));

  return (
    <>
      {title && intro ? <AuthIntro title={title} intro={intro} /> : null}
      <Form
        name={name}
        form={form}
        layout="horizontal"
        requiredMarkStyle="none"
        onFinish={onFinish}
        footer={
          <Button block type="submit" color="primary" size="large" loading={submitting}>
            {submitText}
          </Button>
        }
      >
        <PhoneCodeFields form={form} purpose={name} />
        {children}
      </Form>
      <p className="form-note">{note}</p>
    </>
  );
}
