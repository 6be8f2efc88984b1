import { ConfigProvider } from 'antd-mobile';
import { useLocale } from './locale-store';
import { AppRouter } from './router';

/** The whole app: antd-mobile in zh-HK (loaded apart, app/locale-store.ts) around the router. */
export function App() {
  const locale = useLocale();
  return (
    <ConfigProvider locale={locale}>
      <AppRouter />
    </ConfigProvider>
  );
}
