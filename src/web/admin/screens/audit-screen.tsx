import { List, useTable } from '@refinedev/antd';
import { DatePicker, Form, Input, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { FilterBar, paging } from '../components/list-tools';
import { formatTime } from '../lib/format';
import type { AuditEntry } from '../lib/types';
import type { CrudFilter } from '@refinedev/core';

interface AuditSearch {
  q?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  actorId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const json = (value: unknown) => (value === null || value === undefined ? '—' : <pre className="admin-json">{JSON.stringify(value, null, 1)}</pre>);

/** Every operator action, newest first: who, when, what, before and after, request id. */
export function AuditScreen() {
  const { tableProps, searchFormProps } = useTable<AuditEntry, never, AuditSearch>({
    resource: 'audit',
    syncWithLocation: false,
    onSearch: (v): CrudFilter[] => [
      { field: 'q', operator: 'eq', value: v.q?.trim() },
      { field: 'action', operator: 'eq', value: v.action?.trim() },
      { field: 'targetType', operator: 'eq', value: v.targetType?.trim() },
      { field: 'targetId', operator: 'eq', value: v.targetId?.trim() },
      { field: 'actorId', operator: 'eq', value: v.actorId?.trim() },
      { field: 'from', operator: 'eq', value: v.range?.[0]?.startOf('day').toDate().toISOString() },
      { field: 'to', operator: 'eq', value: v.range?.[1]?.endOf('day').toDate().toISOString() },
    ],
  });

  return (
    <List title="操作記錄">
      <FilterBar formProps={searchFormProps}>
        <Form.Item name="q" label="關鍵字">
          <Input allowClear />
        </Form.Item>
        <Form.Item name="action" label="操作">
          <Input allowClear placeholder="例如 themes.create" />
        </Form.Item>
        <Form.Item name="targetType" label="對象類型">
          <Input allowClear />
        </Form.Item>
        <Form.Item name="targetId" label="對象編號">
          <Input allowClear />
        </Form.Item>
        <Form.Item name="actorId" label="操作人員編號">
          <Input allowClear />
        </Form.Item>
        <Form.Item name="range" label="日期">
          <DatePicker.RangePicker allowEmpty={[true, true]} aria-label="日期範圍" />
        </Form.Item>
      </FilterBar>
      <Table {...tableProps} pagination={paging(tableProps.pagination)} rowKey="id" scroll={{ x: true }}>
        <Table.Column<AuditEntry> title="時間" dataIndex="createdAt" render={formatTime} />
        <Table.Column<AuditEntry> title="操作人員" render={(_, e) => (e.actor ? `${e.actor.nickname}（${e.actor.phone}）` : '系統')} />
        <Table.Column<AuditEntry> title="操作" dataIndex="action" />
        <Table.Column<AuditEntry> title="對象" render={(_, e) => `${e.targetType}${e.targetId ? ` ${e.targetId}` : ''}`} />
        <Table.Column<AuditEntry> title="之前" dataIndex="before" render={json} />
        <Table.Column<AuditEntry> title="之後" dataIndex="after" render={json} />
        <Table.Column<AuditEntry> title="請求編號" dataIndex="requestId" render={(v: string | null) => v ?? '—'} />
      </Table>
    </List>
  );
}
