import { ConfigProvider } from 'antd-mobile';
import { RouterProvider } from 'react-router';
import { locale } from './locale';
import { router } from './router';

/** The whole app: antd-mobile in zh-HK around the router. */
export function App() {
  return (
    <ConfigProvider locale={locale}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
