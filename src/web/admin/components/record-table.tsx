import { useTable } from '@refinedev/antd';
import { Table } from 'antd';
import { formatHkd, formatTime } from '../lib/format';
import { paging } from './list-tools';

/** Chinese column names for the fields the user's orders and holdings answer with. */
const LABELS: Record<string, string> = {
  orderNo: '訂單編號',
  no: '編號',
  type: '類型',
  kind: '類別',
  name: '名稱',
  itemName: '名稱',
  status: '狀態',
  amount: '金額',
  amountCents: '金額',
  priceCents: '價格',
  totalCents: '金額',
  quantity: '數量',
  rarity: '稀有度',
  serial: '編號',
  serialNo: '編號',
  createdAt: '建立時間',
  paidAt: '付款時間',
  acquiredAt: '取得時間',
};

const isMoney = (key: string) => key === 'amount' || key.endsWith('Cents');
const isTime = (key: string) => key.endsWith('At');

/** A read-only page of rows whose columns are the scalar fields the API answers (labelled when known). */
export function RecordTable({ path, id, caption }: { path: string; id: string; caption: string }) {
  const { tableProps } = useTable<Record<string, unknown>>({ resource: path, syncWithLocation: false, meta: { query: { id } }, queryOptions: { enabled: !!id } });
  const rows = (tableProps.dataSource ?? []) as Record<string, unknown>[];
  const keys = Object.keys(rows[0] ?? {}).filter((k) => k in LABELS && rows.some((r) => r[k] === null || ['string', 'number', 'boolean'].includes(typeof r[k])));
  return (
    <Table
      {...tableProps}
      pagination={paging(tableProps.pagination)}
      rowKey={(r) => String(r.id ?? JSON.stringify(r))}
      scroll={{ x: true }}
      title={() => caption}
      columns={keys.map((key) => ({
        key,
        title: LABELS[key],
        dataIndex: key,
        render: (v: unknown) => (v === null || v === undefined ? '—' : isMoney(key) && typeof v === 'number' ? formatHkd(v) : isTime(key) && typeof v === 'string' ? formatTime(v) : String(v)),
      }))}
    />
  );
}
