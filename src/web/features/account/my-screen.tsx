import { lazy, Suspense, useState } from 'react';
import { Button, Dialog, List, Tag } from 'antd-mobile';
import {
  CheckShieldOutline,
  EditSOutline,
  EnvironmentOutline,
  FileOutline,
  GiftOutline,
  PhoneFill,
  PicturesOutline,
  SendOutline,
  StarOutline,
  TruckOutline,
  UnorderedListOutline,
  UserCircleOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { LinkItem } from '../../components/link-item';
import { UserAvatar } from '../../components/user-avatar';
import { ErrorState, LoadingState } from '../../components/state-views';
import { useSession } from '../../lib/stores';
import { logout } from './api/logout';
import { useUserInfo } from '../../api/get-user-info';
import { MarketEntries } from './components/market-entries';

// 收藏估值 loads after the screen: its call is shared with /my/collection's full view, off the routes' first load.
const PortfolioLine = lazy(() => import('./components/portfolio-line').then((m) => ({ default: m.PortfolioLine })));

/** Entries to the /my/* screens of collections, orders and delivery. */
const ENTRIES: { to: string; label: string; icon: ReactNode }[] = [
  { to: '/my/collection', label: '我的收藏', icon: <StarOutline aria-hidden="true" /> },
  { to: '/my/theme', label: '我的卡冊', icon: <PicturesOutline aria-hidden="true" /> },
  { to: '/my/card', label: '兌換卡牌', icon: <GiftOutline aria-hidden="true" /> },
  { to: '/my/rights', label: '我的權益', icon: <CheckShieldOutline aria-hidden="true" /> },
  { to: '/my/collection/order', label: '卡牌訂單', icon: <UnorderedListOutline aria-hidden="true" /> },
  { to: '/my/entity', label: '我的實物', icon: <SendOutline aria-hidden="true" /> },
  { to: '/my/entity/order', label: '提貨訂單', icon: <TruckOutline aria-hidden="true" /> },
  { to: '/my/address', label: '收貨地址', icon: <EnvironmentOutline aria-hidden="true" /> },
];

/** Account settings (PRODUCT.md §4.9). */
const SETTINGS: { to: string; label: string; icon: ReactNode }[] = [
  { to: '/my/edit', label: '編輯資料', icon: <EditSOutline aria-hidden="true" /> },
  { to: '/my/avatar', label: '更換頭像', icon: <UserCircleOutline aria-hidden="true" /> },
  { to: '/my/phone', label: '更換手機號碼', icon: <PhoneFill aria-hidden="true" /> },
  { to: '/my/privacy', label: '私隱政策', icon: <FileOutline aria-hidden="true" /> },
];

function ProfileHeader() {
  const session = useSession();
  const info = useUserInfo();
  const user = session?.user;
  // The stored record shows at once; user/info refreshes it. Without either, show the state.
  if (!user) {
    if (info.status === 'loading') return <LoadingState label="正在載入個人資料…" />;
    return <ErrorState title="未能載入個人資料" onRetry={info.reload} />;
  }
  return (
    <section className="profile-header" aria-label="個人資料">
      <UserAvatar src={user.avatar} size={64} />
      <div className="profile-text">
        <p className="profile-name">
          {user.nickname || '未設定暱稱'}{' '}
          {user.verified ? (
            <Tag color="success" fill="outline" className="profile-verified">
              已實名認證
            </Tag>
          ) : null}
        </p>
        <p className="profile-phone">{user.phoneMasked}</p>
      </div>
    </section>
  );
}

/** /my: profile, entries to the account screens, logout. */
export default function MyScreen() {
  const [leaving, setLeaving] = useState(false);

  const onLogout = async () => {
    const confirmed = await Dialog.confirm({
      'aria-label': '登出',
      content: '確定要登出嗎？',
      confirmText: '登出',
      cancelText: '取消',
    });
    if (!confirmed) return;
    setLeaving(true);
    await logout();
  };

  return (
    <>
      <ProfileHeader />
      <Suspense fallback={null}>
        <PortfolioLine />
      </Suspense>
      <MarketEntries />
      <nav aria-label="我的帳戶">
        <List className="section-list">
          {ENTRIES.map((e) => (
            <LinkItem key={e.to} to={e.to} prefix={e.icon}>
              {e.label}
            </LinkItem>
          ))}
        </List>
        <List className="section-list" header="帳戶設定">
          {SETTINGS.map((e) => (
            <LinkItem key={e.to} to={e.to} prefix={e.icon}>
              {e.label}
            </LinkItem>
          ))}
        </List>
      </nav>
      <div className="form-actions">
        <Button block color="danger" fill="outline" size="large" loading={leaving} onClick={onLogout}>
          登出
        </Button>
      </div>
    </>
  );
}
