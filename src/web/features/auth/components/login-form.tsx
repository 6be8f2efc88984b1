import { useEffect, useRef, useState } from 'react';
import { Button } from 'antd-mobile';
import { Link } from 'react-router';
import { LoginBodySchema } from '../../../../shared/schemas/auth';
import { EmptyState, LoadingState } from '../../../components/state-views';
import { isFailure } from '../../../lib/request';
import { signIn } from '../../../lib/sign-in';
import { login } from '../api/login';
import { loginByToken } from '../api/login-by-token';
import { SignInForm, type PhoneCodeValues } from './sign-in-form';

/*
 * /login's form and its one-tap link: the form library, zod and the phone library. Loaded by the screen
 * (../login-screen.tsx) once it shows, so its intro paints without waiting for them.
 */

/** `/login?token=`: the one-tap link from the SMS, used at once. */
export function TokenLogin({ token, onGiveUp }: { token: string; onGiveUp: () => void }) {
  const [failed, setFailed] = useState(false);
  const used = useRef(false);

  useEffect(() => {
    // The token is single use: never send it twice (StrictMode runs effects twice in development).
    if (used.current) return;
    used.current = true;
    loginByToken({ token }).then((result) => {
      if (isFailure(result)) setFailed(true);
      else signIn(result);
    });
  }, [token]);

  if (!failed) return <LoadingState label="正在登入…" />;
  return (
    <EmptyState
      title="登入連結未能使用"
      description="連結可能已過期或已使用，請用手機號碼及驗證碼登入。"
      action={
        <Button color="primary" onClick={onGiveUp}>
          用驗證碼登入
        </Button>
      }
    />
  );
}

export function LoginForm() {
  return (
    <SignInForm
      name="login"
      submitText="登入"
      schema={LoginBodySchema}
      send={login}
      toBody={(_values: PhoneCodeValues, body) => body}
      note={
        <>
          未有帳戶？<Link to="/register">立即註冊</Link>
        </>
      }
    />
  );
}
