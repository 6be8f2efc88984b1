import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingState } from '../../components/state-views';
import { usePainted } from '../../lib/use-painted';
import { AuthIntro } from './components/auth-intro';

// The form (antd-mobile's Form, zod, the phone library) comes after the intro has painted.
const LoginForm = lazy(() => import('./components/login-form').then((m) => ({ default: m.LoginForm })));
const TokenLogin = lazy(() => import('./components/login-form').then((m) => ({ default: m.TokenLogin })));

/** /login: sign in with phone + SMS code, or at once with `?token=` (then go to "/"). */
export default function LoginScreen() {
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  // The form's code is asked for once the intro is on screen, so on a slow line it does not hold the intro back.
  const painted = usePainted();
  if (token) {
    return (
      <Suspense fallback={<LoadingState label="正在登入…" />}>
        <TokenLogin token={token} onGiveUp={() => setParams({}, { replace: true })} />
      </Suspense>
    );
  }
  return (
    <>
      <AuthIntro title="Trove 寶庫" intro="用手機號碼及短訊驗證碼登入。" />
      <Suspense fallback={<LoadingState />}>{painted ? <LoginForm /> : <LoadingState />}</Suspense>
    </>
  );
}
