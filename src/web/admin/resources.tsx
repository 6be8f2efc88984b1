import {
  AuditOutlined,
  BarChartOutlined,
  CalendarOutlined,
  CarOutlined,
  FileTextOutlined,
  GiftOutlined,
  IdcardOutlined,
  KeyOutlined,
  PictureOutlined,
  SafetyOutlined,
  ShopOutlined,
  TagsOutlined,
  TeamOutlined,
  WalletOutlined,
  AppstoreOutlined,
} from '@ant-design/icons';
import type { ResourceProps } from '@refinedev/core';

/** The menu: each resource's path is also its API path under /api/admin (the admin contract). */
export const RESOURCES: ResourceProps[] = [
  { name: 'dashboard', list: '/', meta: { label: '主控台', icon: <BarChartOutlined /> } },
  { name: 'themes', list: '/themes', meta: { label: '主題', icon: <AppstoreOutlined /> } },
  { name: 'cardInfos', list: '/cardInfos', meta: { label: '卡牌', icon: <TagsOutlined /> } },
  { name: 'products', list: '/products', meta: { label: '商品', icon: <GiftOutlined /> } },
  { name: 'drops', list: '/drops', meta: { label: '發售日曆', icon: <CalendarOutlined /> } },
  { name: 'codeBatches', list: '/codeBatches', meta: { label: '兌換碼', icon: <KeyOutlined /> } },
  { name: 'banners', list: '/banners', meta: { label: '橫額', icon: <PictureOutlined /> } },
  { name: 'articles', list: '/articles', meta: { label: '文章', icon: <FileTextOutlined /> } },
  { name: 'privacy', list: '/privacy', meta: { label: '私隱政策', icon: <SafetyOutlined /> } },
  { name: 'shipments', list: '/shipments', meta: { label: '提貨發貨', icon: <CarOutlined /> } },
  { name: 'withdrawals', list: '/withdrawals', meta: { label: '提現', icon: <WalletOutlined /> } },
  { name: 'identities', list: '/identities', meta: { label: '實名認證', icon: <IdcardOutlined /> } },
  { name: 'users', list: '/users', show: '/users/show/:id', meta: { label: '用戶', icon: <TeamOutlined /> } },
  { name: 'listings', list: '/listings', meta: { label: '市場掛單', icon: <ShopOutlined /> } },
  { name: 'audit', list: '/audit', meta: { label: '操作記錄', icon: <AuditOutlined /> } },
];
