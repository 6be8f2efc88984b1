import { List, useTable } from '@refinedev/antd';
import { Form, Input, Select, Table } from 'antd';
import { Link } from 'react-router';
import { CLEARABLE, FilterBar, paging, toFilters } from '../components/list-tools';
import { formatHkd, formatTime } from '../lib/format';
import type { AdminUser } from '../lib/types';

export const USER_STATUS: Record<string, string> = { active: '正常', disabled: '已停用' };

export const roleLabel = (roles: string[]) => (roles.includes('admin') ? '營運人員' : '用戶');

/** Users: search by phone (digits, partial), nickname, role, status; open one for its orders and holdings. */
export function UsersScreen() {
  const { tableProps, searchFormProps } = useTable<AdminUser>({
    resource: 'users',
    syncWithLocation: false,
    onSearch: toFilters,
  });
  return (
    <List title="用戶">
      <FilterBar formProps={searchFormProps}>
        <Form.Item name="phone" label="手機號碼">
          <Input allowClear={CLEARABLE} inputMode="tel" />
        </Form.Item>
        <Form.Item name="nickname" label="暱稱">
          <Input allowClear={CLEARABLE} />
        </Form.Item>
        <Form.Item name="role" label="角色">
          <Select
            allowClear
            style={{ width: 120 }}
            options={[
              { value: 'admin', label: '營運人員' },
              { value: 'user', label: '用戶' },
            ]}
          />
        </Form.Item>
        <Form.Item name="status" label="狀態">
          <Select
            allowClear
            style={{ width: 120 }}
            options={Object.entries(USER_STATUS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
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
        <Table.Column<AdminUser> title="註冊時間" dataIndex="createdAt" render={formatTime} />
      </Table>
    </List>
  );
}
