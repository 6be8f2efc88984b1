import { List } from '@refinedev/antd';
import { Table } from 'antd';
import { Link } from 'react-router';
import { ChoiceFilter, FilterBar, labelOptions, paging, TextFilter, useSearchTable } from '../components/list-tools';
import { formatHkd, formatTime, hkLabel } from '../lib/format';
import type { AdminUser } from '../lib/types';

export const USER_STATUS: Record<string, string> = { active: '正常', disabled: '已停用' };

export const roleLabel = (roles: string[]) => (roles.includes('admin') ? '營運人員' : '用戶');

/** Users: search by phone (digits, partial), nickname, role, status; open one for its orders and holdings. */
export function UsersScreen() {
  const { tableProps, searchFormProps } = useSearchTable<AdminUser>('users');
  return (
    <List title="用戶">
      <FilterBar formProps={searchFormProps}>
        <TextFilter name="phone" label="手機號碼" inputMode="tel" />
        <TextFilter name="nickname" label="暱稱" />
        <ChoiceFilter name="role" label="角色" options={labelOptions({ admin: '營運人員', user: '用戶' })} />
        <ChoiceFilter name="status" label="狀態" options={labelOptions(USER_STATUS)} />
      </FilterBar>
      <Table {...tableProps} pagination={paging(tableProps.pagination)} rowKey="id" scroll={{ x: 'max-content' }}>
        <Table.Column<AdminUser>
          title="手機號碼"
          dataIndex="phone"
          render={(v: string, u) => (
            <Link to={`/users/show/${u.id}`} aria-label={`查看用戶 ${v}`}>
              {v}
            </Link>
          )}
        />
        <Table.Column<AdminUser> title="暱稱" dataIndex="nickname" />
        <Table.Column<AdminUser> title="角色" dataIndex="roles" render={roleLabel} />
        <Table.Column<AdminUser> title="狀態" dataIndex="status" render={(s: string) => USER_STATUS[s] ?? s} />
        <Table.Column<AdminUser> title="實名" dataIndex="verified" render={(v: boolean) => (v ? '已認證' : '未認證')} />
        <Table.Column<AdminUser> title="餘額" dataIndex="balance" render={(v: number) => formatHkd(v)} />
        <Table.Column<AdminUser> title={hkLabel('註冊時間')} dataIndex="createdAt" render={formatTime} />
      </Table>
    </List>
  );
}
