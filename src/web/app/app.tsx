import { ConfigProvider } from 'antd-mobile';
import zhHK from 'antd-mobile/es/locales/zh-HK';
import { RouterProvider } from 'react-router';
import { router } from './router';

/** The whole app: antd-mobile in zh-HK around the router. */
export function App() {
  return (
    <ConfigProvider locale={zhHK}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
