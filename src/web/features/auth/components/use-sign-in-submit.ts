import { useState } from 'react';
import type { Form } from 'antd-mobile';
import type { z } from 'zod';
import type { SessionData } from '../../../../shared/schemas/auth';
import { isFailure, type Failure } from '../../../lib/request';
import { signIn } from '../../../lib/sign-in';

type FormInstance = ReturnType<typeof Form.useForm>[0];

/**
 * Sign-in and sign-up submit: the body is checked with the shared schema (its zh-HK messages go to
 * the fields and nothing is sent), then sent; session data in the answer signs in and goes to "/".
 */
export function useSignInSubmit<S extends z.ZodType>(
  form: FormInstance,
  schema: S,
  send: (body: z.output<S>) => Promise<SessionData | Failure>,
) {
  const [submitting, setSubmitting] = useState(false);
  const submit = async (input: unknown) => {
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: String(i.path[0]), errors: [i.message] })));
      return;
    }
    setSubmitting(true);
    const result = await send(parsed.data);
    setSubmitting(false);
    if (!isFailure(result)) signIn(result);
  };
  return { submitting, submit };
}
