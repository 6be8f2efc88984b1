import { List, useTable } from '@refinedev/antd';
import { DatePicker, Form, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { ChoiceFilter, CLEARABLE, FilterBar, labelOptions, paging, TextFilter } from '../components/list-tools';
import { formatTime, hkLabel, toIso } from '../lib/format';
import type { AuditEntry } from '../lib/types';
import { AUDIT_ACTION_LABELS, AUDIT_TARGET_LABELS, auditActionLabel } from '../../../shared/audit-labels';
import { AuditDiff } from '../components/audit-diff';
import type { CrudFilter } from '@refinedev/core';

interface AuditSearch {
  q?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  actorId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** Every operator action, newest first: who, when, what, before and after, request id. */
export function AuditScreen() {
  const { tableProps, searchFormProps } = useTable<AuditEntry, never, AuditSearch>({
    resource: 'audit',
    syncWithLocation: false,
    onSearch: (v): CrudFilter[] => [
      { field: 'q', operator: 'eq', value: v.q?.trim() },
      { field: 'action', operator: 'eq', value: v.action },
      { field: 'targetType', operator: 'eq', value: v.targetType?.trim() },
      { field: 'targetId', operator: 'eq', value: v.targetId?.trim() },
      { field: 'actorId', operator: 'eq', value: v.actorId?.trim() },
      { field: 'from', operator: 'eq', value: toIso(v.range?.[0]?.startOf('day')) },
      { field: 'to', operator: 'eq', value: toIso(v.range?.[1]?.endOf('day')) },
    ],
  });

  return (
    <List title="操作記錄">
      <FilterBar formProps={searchFormProps}>
        <TextFilter name="q" label="操作、對象或請求編號" />
        <ChoiceFilter
          name="action"
          label="操作"
          showSearch
          optionFilterProp="label"
          width={180}
          options={labelOptions(AUDIT_ACTION_LABELS)}
        />
        <TextFilter name="targetType" label="對象類型" />
        <TextFilter name="targetId" label="對象編號" />
        <TextFilter name="actorId" label="操作人員編號" />
        <Form.Item name="range" label={hkLabel('日期')}>
          <DatePicker.RangePicker allowClear={CLEARABLE} allowEmpty={[true, true]} aria-label="日期範圍（香港時間）" />
        </Form.Item>
      </FilterBar>
      <Table {...tableProps} pagination={paging(tableProps.pagination)} rowKey="id" scroll={{ x: 'max-content' }}>
        <Table.Column<AuditEntry> title={hkLabel('時間')} dataIndex="createdAt" render={formatTime} />
        <Table.Column<AuditEntry> title="操作人員" render={(_, e) => `${e.actor.nickname}（${e.actor.phone}）`} />
        <Table.Column<AuditEntry> title="操作" dataIndex="action" render={auditActionLabel} />
        <Table.Column<AuditEntry>
          title="對象"
          render={(_, e) => `${AUDIT_TARGET_LABELS[e.targetType] ?? e.targetType}${e.targetId ? ` ${e.targetId}` : ''}`}
        />
        <Table.Column<AuditEntry>
          title="變更（之前 → 之後）"
          render={(_, e) => <AuditDiff before={e.before} after={e.after} />}
        />
        <Table.Column<AuditEntry> title="請求編號" dataIndex="requestId" />
      </Table>
    </List>
  );
}
