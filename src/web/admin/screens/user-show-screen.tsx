import { Show } from '@refinedev/antd';
import { useOne } from '@refinedev/core';
import { Button, Descriptions, Space, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ActionModal, confirmAction, type PendingAction } from '../components/action-modal';
import { UserHoldingsTable, UserOrdersTable } from '../components/record-table';
import { useAction } from '../components/use-remove';
import { formatHkd, formatTime, hkLabel } from '../lib/format';
import { readAdminSession } from '../lib/session';
import { SCHEMAS } from '../lib/schemas';
import type { AdminUserDetail } from '../lib/types';
import { USER_STATUS, roleLabel } from './users-screen';

const COUNT_LABELS: Record<keyof AdminUserDetail['counts'], string> = {
  payOrders: '訂單',
  paidOrders: '已付款訂單',
  cards: '卡牌',
  goods: '物品',
  openListings: '進行中掛單',
  shipments: '提貨',
  withdrawals: '提現',
};

/** One user: profile, orders and holdings; disable/enable and grant/revoke the operator role. */
export function UserShowScreen() {
  const { id = '' } = useParams();
  const { result: user, query } = useOne<AdminUserDetail>({ resource: 'users', id });
  const [pending, setPending] = useState<PendingAction | null>(null);
  const act = useAction('users');
  const self = readAdminSession()?.user.id === id;
  const isAdmin = user?.roles.includes('admin') ?? false;
  // The screen's name has the user's (the route's title, set on navigation, only knows 用戶).
  useEffect(() => {
    if (user) document.title = `用戶：${user.nickname} | Trove 寶庫 後台`;
  }, [user]);

  const actions = user ? (
    <Space wrap>
      {user.status === 'active' ? (
        <Button
          danger
          disabled={self}
          onClick={() =>
            setPending({
              path: 'users/disable',
              title: `停用 ${user.phone}`,
              id: user.id,
              okText: '停用帳戶',
              done: '已停用帳戶，其所有登入已即時失效',
              danger: true,
              schema: SCHEMAS.disableUser,
              fields: [{ name: 'reason', label: '停用原因', required: true, max: 200, multiline: true }],
            })
          }
        >
          停用帳戶
        </Button>
      ) : (
        <Button
          onClick={() =>
            confirmAction({
              title: `恢復 ${user.phone} 的帳戶？`,
              okText: '恢復',
              run: () => act('enable', { id: user.id }, '已恢復帳戶'),
            })
          }
        >
          恢復帳戶
        </Button>
      )}
      {isAdmin ? (
        <Button
          disabled={self}
          title={self ? '不能撤銷自己的後台權限' : undefined}
          onClick={() =>
            confirmAction({
              title: `撤銷 ${user.phone} 的後台權限？`,
              content: '如此號碼列於 ADMIN_PHONES，下次登入時會重新取得權限。',
              okText: '撤銷權限',
              danger: true,
              run: () => act('revokeAdmin', { id: user.id }, '已撤銷後台權限'),
            })
          }
        >
          撤銷後台權限
        </Button>
      ) : (
        <Button
          onClick={() =>
            confirmAction({
              title: `授予 ${user.phone} 後台權限？`,
              content: '對方可使用整個後台，包括付款及用戶管理。',
              okText: '授予權限',
              run: () => act('grantAdmin', { id: user.id }, '已授予後台權限'),
            })
          }
        >
          授予後台權限
        </Button>
      )}
    </Space>
  ) : null;

  return (
    <Show
      breadcrumb={false}
      goBack={false}
      title={user ? `用戶：${user.nickname}` : '用戶'}
      isLoading={query.isLoading}
      headerButtons={actions}
      canEdit={false}
      canDelete={false}
    >
      {user ? (
        <Descriptions bordered column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label="手機號碼">{user.phone}</Descriptions.Item>
          <Descriptions.Item label="暱稱">{user.nickname}</Descriptions.Item>
          <Descriptions.Item label="角色">{roleLabel(user.roles)}</Descriptions.Item>
          <Descriptions.Item label="狀態">{USER_STATUS[user.status] ?? user.status}</Descriptions.Item>
          <Descriptions.Item label="實名認證">{user.verified ? '已認證' : '未認證'}</Descriptions.Item>
          <Descriptions.Item label="餘額">{formatHkd(user.balance)}</Descriptions.Item>
          <Descriptions.Item label={hkLabel('註冊時間')}>{formatTime(user.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="求購訂金">{formatHkd(user.escrow)}</Descriptions.Item>
          {user.status === 'disabled' ? (
            <Descriptions.Item
              label={hkLabel('停用原因及時間')}
            >{`${user.disabledReason ?? ''}（${formatTime(user.disabledAt)}）`}</Descriptions.Item>
          ) : null}
          {(Object.keys(COUNT_LABELS) as (keyof AdminUserDetail['counts'])[]).map((k) => (
            <Descriptions.Item key={k} label={COUNT_LABELS[k]}>
              {user.counts[k]}
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : null}
      <Tabs
        style={{ marginTop: 24 }}
        items={[
          { key: 'orders', label: '訂單', children: <UserOrdersTable id={id} /> },
          { key: 'holdings', label: '持有', children: <UserHoldingsTable id={id} /> },
        ]}
      />
      <ActionModal action={pending} onClose={() => setPending(null)} invalidates={['users']} />
    </Show>
  );
}
