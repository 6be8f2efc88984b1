import { useEffect } from 'react';
import { ConfigProvider } from 'antd-mobile';
import { loadLocale, useLocale } from './locale-store';
import { AppRouter } from './router';

/** The whole app: antd-mobile in zh-HK around the router. */
export function App() {
  const locale = useLocale();
  useEffect(() => {
    // A failed fetch is retried by the next screen that needs it (screen-host.tsx).
    loadLocale().catch(() => {});
  }, []);
  return (
    <ConfigProvider locale={locale}>
      <AppRouter />
    </ConfigProvider>
  );
}
