import { List, useTable } from '@refinedev/antd';
import { DatePicker, Form, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { ChoiceFilter, CLEARABLE, FilterBar, labelOptions, paging, TextFilter } from '../components/list-tools';
import { formatTime, toIso } from '../lib/format';
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

/** The dotted verbs the server records, in words. */
export const ACTION_LABELS: Record<string, string> = {
  'theme.create': '新增主題',
  'theme.update': '編輯主題',
  'theme.delete': '刪除主題',
  'card_info.create': '新增卡牌',
  'card_info.update': '編輯卡牌',
  'card_info.delete': '刪除卡牌',
  'product.create': '新增商品',
  'product.update': '編輯商品',
  'product.delete': '刪除商品',
  'code_batch.create': '產生兌換碼',
  'code_batch.download': '下載兌換碼',
  'code_batch.void': '作廢兌換碼',
  'banner.create': '新增橫額',
  'banner.update': '編輯橫額',
  'banner.delete': '刪除橫額',
  'article.create': '新增文章',
  'article.update': '編輯文章',
  'article.delete': '刪除文章',
  'privacy.create': '新增私隱政策',
  'privacy.update': '編輯私隱政策',
  'privacy.publish': '發佈私隱政策',
  'shipment.pack': '打包',
  'shipment.ship': '發貨',
  'shipment.deliver': '標記送達',
  'shipment.cancel': '取消提貨',
  'withdrawal.pay': '提現付款',
  'withdrawal.reject': '拒絕提現',
  'identity.revoke': '撤銷實名認證',
  'listing.take_down': '下架掛單',
  'user.disable': '停用帳戶',
  'user.enable': '恢復帳戶',
  'user.grant_admin': '授予後台權限',
  'user.revoke_admin': '撤銷後台權限',
};

const json = (value: unknown) =>
  value === null || value === undefined ? '—' : <pre className="admin-json">{JSON.stringify(value, null, 1)}</pre>;

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
          options={labelOptions(ACTION_LABELS)}
        />
        <TextFilter name="targetType" label="對象類型" />
        <TextFilter name="targetId" label="對象編號" />
        <TextFilter name="actorId" label="操作人員編號" />
        <Form.Item name="range" label="日期">
          <DatePicker.RangePicker allowClear={CLEARABLE} allowEmpty={[true, true]} aria-label="日期範圍" />
        </Form.Item>
      </FilterBar>
      <Table {...tableProps} pagination={paging(tableProps.pagination)} rowKey="id" scroll={{ x: 'max-content' }}>
        <Table.Column<AuditEntry> title="時間" dataIndex="createdAt" render={formatTime} />
        <Table.Column<AuditEntry> title="操作人員" render={(_, e) => `${e.actor.nickname}（${e.actor.phone}）`} />
        <Table.Column<AuditEntry>
          title="操作"
          dataIndex="action"
          render={(a: string) => `${ACTION_LABELS[a] ?? a}（${a}）`}
        />
        <Table.Column<AuditEntry>
          title="對象"
          render={(_, e) => `${e.targetType}${e.targetId ? ` ${e.targetId}` : ''}`}
        />
        <Table.Column<AuditEntry> title="之前" dataIndex="before" render={json} />
        <Table.Column<AuditEntry> title="之後" dataIndex="after" render={json} />
        <Table.Column<AuditEntry> title="請求編號" dataIndex="requestId" />
      </Table>
    </List>
  );
}
