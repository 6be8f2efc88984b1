import {
  AuditOutlined,
  BarChartOutlined,
  CalendarOutlined,
  LikeOutlined,
  CarOutlined,
  FileTextOutlined,
  GiftOutlined,
  InboxOutlined,
  IdcardOutlined,
  KeyOutlined,
  PictureOutlined,
  SafetyOutlined,
  ShopOutlined,
  TagsOutlined,
  TeamOutlined,
  WalletOutlined,
  AppstoreOutlined,
  AccountBookOutlined,
  NotificationOutlined,
  LineChartOutlined,
} from '@ant-design/icons';
import type { ResourceProps } from '@refinedev/core';

type Icon = typeof BarChartOutlined;

/** A menu entry: the list at `/<name>` (the dashboard at "/"), labelled, with its icon; a `title` other than its label. */
const entry = (name: string, label: string, Icon: Icon, { title, show }: { title?: string; show?: string } = {}) => ({
  name,
  list: name === 'dashboard' ? '/' : `/${name}`,
  ...(show ? { show } : {}),
  meta: { label, ...(title ? { title } : {}), icon: <Icon aria-hidden="true" /> },
});

/** The menu: each resource's path is also its API path under /api/admin (the admin contract). */
export const RESOURCES: ResourceProps[] = [
  entry('dashboard', '主控台', BarChartOutlined),
  entry('themes', '主題', AppstoreOutlined),
  entry('cardInfos', '卡牌', TagsOutlined),
  entry('products', '商品', GiftOutlined),
  entry('drops', '發售日曆', CalendarOutlined),
  entry('liveDrops', '即時發售', LineChartOutlined),
  entry('packs', '卡包', InboxOutlined, { title: '卡包系列' }),
  entry('codeBatches', '兌換碼', KeyOutlined, { title: '兌換碼批次' }),
  entry('banners', '橫額', PictureOutlined),
  entry('articles', '文章', FileTextOutlined),
  entry('privacy', '私隱政策', SafetyOutlined),
  entry('shipments', '提貨發貨', CarOutlined),
  entry('withdrawals', '提現', WalletOutlined),
  entry('ledger', '帳目', AccountBookOutlined),
  entry('identities', '實名認證', IdcardOutlined),
  entry('users', '用戶', TeamOutlined, { show: '/users/show/:id' }),
  entry('listings', '市場掛單', ShopOutlined),
  entry('feedback', '交易評價', LikeOutlined),
  entry('deadLetters', '發送失敗通知', NotificationOutlined, { title: '發送失敗的通知' }),
  entry('audit', '操作記錄', AuditOutlined),
];
