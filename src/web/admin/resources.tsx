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
  AccountBookOutlined,
} from '@ant-design/icons';
import type { ResourceProps } from '@refinedev/core';

/** The menu: each resource's path is also its API path under /api/admin (the admin contract). */
export const RESOURCES: ResourceProps[] = [
  { name: 'dashboard', list: '/', meta: { label: '主控台', icon: <BarChartOutlined aria-hidden="true" /> } },
  { name: 'themes', list: '/themes', meta: { label: '主題', icon: <AppstoreOutlined aria-hidden="true" /> } },
  { name: 'cardInfos', list: '/cardInfos', meta: { label: '卡牌', icon: <TagsOutlined aria-hidden="true" /> } },
  { name: 'products', list: '/products', meta: { label: '商品', icon: <GiftOutlined aria-hidden="true" /> } },
  { name: 'drops', list: '/drops', meta: { label: '發售日曆', icon: <CalendarOutlined aria-hidden="true" /> } },
  {
    name: 'codeBatches',
    list: '/codeBatches',
    meta: { label: '兌換碼', title: '兌換碼批次', icon: <KeyOutlined aria-hidden="true" /> },
  },
  { name: 'banners', list: '/banners', meta: { label: '橫額', icon: <PictureOutlined aria-hidden="true" /> } },
  { name: 'articles', list: '/articles', meta: { label: '文章', icon: <FileTextOutlined aria-hidden="true" /> } },
  { name: 'privacy', list: '/privacy', meta: { label: '私隱政策', icon: <SafetyOutlined aria-hidden="true" /> } },
  { name: 'shipments', list: '/shipments', meta: { label: '提貨發貨', icon: <CarOutlined aria-hidden="true" /> } },
  { name: 'withdrawals', list: '/withdrawals', meta: { label: '提現', icon: <WalletOutlined aria-hidden="true" /> } },
  { name: 'ledger', list: '/ledger', meta: { label: '帳目', icon: <AccountBookOutlined aria-hidden="true" /> } },
  { name: 'identities', list: '/identities', meta: { label: '實名認證', icon: <IdcardOutlined aria-hidden="true" /> } },
  {
    name: 'users',
    list: '/users',
    show: '/users/show/:id',
    meta: { label: '用戶', icon: <TeamOutlined aria-hidden="true" /> },
  },
  { name: 'listings', list: '/listings', meta: { label: '市場掛單', icon: <ShopOutlined aria-hidden="true" /> } },
  { name: 'audit', list: '/audit', meta: { label: '操作記錄', icon: <AuditOutlined aria-hidden="true" /> } },
];
