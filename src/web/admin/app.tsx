import { Authenticated, Refine, type IResourceItem } from '@refinedev/core';
import { useNotificationProvider } from '@refinedev/antd';
import routerProvider, { CatchAllNavigate, DocumentTitleHandler } from '@refinedev/react-router';
import { App as AntdApp, Button, ConfigProvider, Empty, Result } from 'antd';
// The ES module: `antd/locale/zh_HK` is CommonJS, and bundled its default export came through empty (pager, pickers
// and close buttons fell back to English).
import zhHK from 'antd/es/locale/zh_HK';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-hk';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Outlet, Route, Routes, useNavigate } from 'react-router';
import { AdminLayout } from './components/admin-layout';
import { authProvider } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import { i18nProvider } from './providers/i18n-provider';
import { RESOURCES } from './resources';
import { LoginScreen } from './screens/login-screen';
import { DashboardScreen } from './screens/dashboard-screen';
import { ThemesScreen } from './screens/themes-screen';
import { CardInfosScreen } from './screens/card-infos-screen';
import { ProductsScreen } from './screens/products-screen';
import { DropsScreen } from './screens/drops-screen';
import { PacksScreen } from './screens/packs-screen';
import { CodeBatchesScreen } from './screens/code-batches-screen';
import { BannersScreen } from './screens/banners-screen';
import { ArticlesScreen } from './screens/articles-screen';
import { PrivacyScreen } from './screens/privacy-screen';
import { ShipmentsScreen } from './screens/shipments-screen';
import { WithdrawalsScreen } from './screens/withdrawals-screen';
import { DeadLettersScreen } from './screens/dead-letters-screen';
import { LedgerScreen } from './screens/ledger-screen';
import { IdentitiesScreen } from './screens/identities-screen';
import { UsersScreen } from './screens/users-screen';
import { UserShowScreen } from './screens/user-show-screen';
import { ListingsScreen } from './screens/listings-screen';
import { FeedbackScreen } from './screens/feedback-screen';
import { AuditScreen } from './screens/audit-screen';

dayjs.locale('zh-hk');

// Lazy: uPlot and the polling come only with this screen (decision 045).
const LiveDropsScreen = lazy(() => import('./screens/live-drops-screen').then((m) => ({ default: m.LiveDropsScreen })));

/**
 * Darker primary, error, success and warning colours than antd's: text in them (and white on them) passes WCAG AA
 * contrast, also under the pointer and while pressed (antd's own hover shades are lighter: white on them fell short).
 */
const THEME = {
  token: {
    colorPrimary: '#0b57d0',
    colorPrimaryHover: '#0a4cb5',
    colorPrimaryActive: '#08409a',
    colorLink: '#0b57d0',
    colorLinkHover: '#0a4cb5',
    colorLinkActive: '#08409a',
    colorError: '#c62828',
    colorErrorHover: '#b02323',
    colorErrorActive: '#961d1d',
    colorSuccess: '#2e7d32',
    colorWarning: '#a15c00',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  },
};

/** An address the back office does not have. */
function NotFound() {
  const navigate = useNavigate();
  return (
    <main>
      <Result
        status="404"
        title={<h1 className="admin-result-title">找不到頁面</h1>}
        subTitle="此後台頁面不存在，請從選單選擇。"
        extra={
          <Button type="primary" onClick={() => void navigate('/')}>
            返回主控台
          </Button>
        }
      />
    </main>
  );
}

/** document.title: the screen's own name (a resource's `meta.title`, else its menu label), then the product's. */
const documentTitle = ({ resource, pathname }: { resource?: IResourceItem; pathname?: string }) => {
  const meta = resource?.name ? resource.meta : undefined;
  const name = pathname?.endsWith('/login')
    ? '登入'
    : (((meta?.title ?? meta?.label) as string | undefined) ?? '找不到頁面');
  return `${name} | Trove 寶庫 後台`;
};

const renderEmpty = () => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未有資料" />;

/** The back office (issue 11): Refine on antd 5, its own entry (admin.html) served at /admin. */
export function AdminApp() {
  return (
    <BrowserRouter basename="/admin">
      <ConfigProvider
        locale={zhHK}
        theme={THEME}
        button={{ autoInsertSpace: false }}
        renderEmpty={renderEmpty}
        form={{ colon: false }}
        modal={{ closable: { 'aria-label': '關閉' } }}
        drawer={{ closable: { 'aria-label': '關閉' } }}
      >
        <AntdApp>
          <Refine
            dataProvider={dataProvider}
            authProvider={authProvider}
            routerProvider={routerProvider}
            i18nProvider={i18nProvider}
            notificationProvider={useNotificationProvider}
            resources={RESOURCES}
            options={{
              disableTelemetry: true,
              syncWithLocation: false,
              warnWhenUnsavedChanges: false,
              reactQuery: {
                clientConfig: { defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } },
              },
            }}
          >
            <Routes>
              <Route
                element={
                  <Authenticated key="admin" fallback={<CatchAllNavigate to="/login" />}>
                    <AdminLayout>
                      <Outlet />
                    </AdminLayout>
                  </Authenticated>
                }
              >
                <Route index element={<DashboardScreen />} />
                <Route path="themes" element={<ThemesScreen />} />
                <Route path="cardInfos" element={<CardInfosScreen />} />
                <Route path="products" element={<ProductsScreen />} />
                <Route path="drops" element={<DropsScreen />} />
                <Route path="packs" element={<PacksScreen />} />
                <Route path="codeBatches" element={<CodeBatchesScreen />} />
                <Route path="banners" element={<BannersScreen />} />
                <Route path="articles" element={<ArticlesScreen />} />
                <Route path="privacy" element={<PrivacyScreen />} />
                <Route path="shipments" element={<ShipmentsScreen />} />
                <Route path="withdrawals" element={<WithdrawalsScreen />} />
                <Route path="ledger" element={<LedgerScreen />} />
                <Route path="identities" element={<IdentitiesScreen />} />
                <Route path="users" element={<UsersScreen />} />
                <Route path="users/show/:id" element={<UserShowScreen />} />
                <Route path="listings" element={<ListingsScreen />} />
                <Route path="feedback" element={<FeedbackScreen />} />
                <Route path="deadLetters" element={<DeadLettersScreen />} />
                <Route path="audit" element={<AuditScreen />} />
                <Route
                  path="liveDrops"
                  element={
                    <Suspense fallback={null}>
                      <LiveDropsScreen />
                    </Suspense>
                  }
                />
                <Route path="*" element={<NotFound />} />
              </Route>
              <Route path="/login" element={<LoginScreen />} />
            </Routes>
            <DocumentTitleHandler handler={documentTitle} />
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
