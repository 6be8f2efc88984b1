import { ConfigProvider } from 'antd-mobile';
import { useLocale } from '../lib/locale-store';
import { AppRouter } from './router';

/** The whole app: antd-mobile in zh-HK (loaded apart, lib/locale-store.ts) around the router. */
export function App() {
  const locale = useLocale();
  // Until the zh-HK strings arrive, antd-mobile keeps its built-in ones: `locale={undefined}` would replace them with
  // nothing, and a part that reads them (ErrorBlock on the not-found screen) would throw and blank the page.
  return (
    <ConfigProvider {...(locale ? { locale } : {})}>
      <AppRouter />
    </ConfigProvider>
  );
}
