import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { withLocale } from '../../lib/locale-store';
import { LoadingState } from '../../components/state-views';
import { usePainted } from '../../lib/use-painted';
import { AuthIntro } from './components/auth-intro';

// The form (antd-mobile's Form, zod, the phone library) comes after the intro has painted, with antd-mobile's zh-HK
// texts: the screen itself shows none, so it does not wait for them (`localeLater` in app/screens.ts).
const loadForm = () => withLocale(() => import('./components/login-form'));
const LoginForm = lazy(() => loadForm().then((m) => ({ default: m.LoginForm })));
const TokenLogin = lazy(() => loadForm().then((m) => ({ default: m.TokenLogin })));

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
