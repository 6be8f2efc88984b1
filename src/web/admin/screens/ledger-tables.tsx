import { useTable } from '@refinedev/antd';
import { useInvalidate, type CrudFilter } from '@refinedev/core';
import { Button, DatePicker, Form, Input, Select, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import {
  REFUND_REASON_LABELS,
  REFUND_STATUSES,
  REFUND_STATUS_LABELS,
  type AdminRefund,
  type JournalPosting,
} from '../../../shared/schemas/admin-ledger';
import { confirmAction } from '../components/action-modal';
import {
  ChoiceFilter,
  CLEARABLE,
  FilterBar,
  labelOptions,
  paging,
  toFilters,
  useSearchTable,
} from '../components/list-tools';
import { call } from '../lib/api';
import { formatHkd, formatTime, hkLabel, toIso } from '../lib/format';

const KIND_OPTIONS = [
  'payment_received',
  'balance_payment',
  'mall_sale',
  'market_sale',
  'set_sale',
  'bid_funding',
  'bid_fill',
  'bid_refund',
  'offer_funding',
  'offer_hold',
  'offer_release',
  'offer_sale',
  'payment_returned',
  'late_payment',
  'duplicate_payment',
  'refund_paid',
  'order_refund',
  'withdrawal',
  'withdrawal_paid',
  'withdrawal_returned',
].map((k) => ({ value: k, label: k }));

type JournalValues = { kind?: string; account?: string; ref?: string; range?: [Dayjs | null, Dayjs | null] | null };

/** The journal's filters as query fields: the date range as `from` (start of day) and `to` (end of day). */
function journalFilters(values: JournalValues): CrudFilter[] {
  const { range, ...rest } = values;
  return [
    ...toFilters(rest),
    { field: 'from', operator: 'eq', value: toIso(range?.[0]?.startOf('day')) ?? undefined },
    { field: 'to', operator: 'eq', value: toIso(range?.[1]?.add(1, 'day').startOf('day')) ?? undefined },
  ];
}

/** Postings, newest first, each with its lines; filters by kind, account, reference and dates. */
export function JournalTable() {
  const { tableProps, searchFormProps } = useTable<JournalPosting>({
    resource: 'ledger/journal',
    syncWithLocation: false,
    onSearch: (values) => journalFilters(values as JournalValues),
  });
  return (
    <>
      <FilterBar formProps={searchFormProps}>
        <Form.Item name="kind" label="類別">
          <Select allowClear showSearch style={{ width: 180 }} options={KIND_OPTIONS} />
        </Form.Item>
        <Form.Item name="account" label="帳戶">
          <Input allowClear={CLEARABLE} placeholder="例如 platform:sales" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="ref" label="參考編號">
          <Input allowClear={CLEARABLE} placeholder="訂單號、提現或退款編號" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="range" label={hkLabel('日期')}>
          <DatePicker.RangePicker allowClear={CLEARABLE} aria-label="日期範圍（香港時間）" />
        </Form.Item>
      </FilterBar>
      <Table {...tableProps} pagination={paging(tableProps.pagination)} rowKey="id" scroll={{ x: 'max-content' }}>
        <Table.Column<JournalPosting> title={hkLabel('時間')} dataIndex="createdAt" render={formatTime} />
        <Table.Column<JournalPosting> title="類別" dataIndex="kind" />
        <Table.Column<JournalPosting> title="參考編號" dataIndex="refId" />
        <Table.Column<JournalPosting>
          title="分錄"
          render={(_, p) => (
            <ul style={{ margin: 0, paddingInlineStart: 16 }}>
              {p.entries.map((e, i) => (
                <li key={i}>
                  {e.accountId}：{formatHkd(e.amount)}
                  {e.description ? `（${e.description}）` : ''}
                </li>
              ))}
            </ul>
          )}
        />
      </Table>
    </>
  );
}

const STATUS_OPTIONS = labelOptions(REFUND_STATUS_LABELS, REFUND_STATUSES);

/** Refund records: money received that is owed back; 「退款」 pays it back through the provider it came from. */
export function RefundsTable() {
  const { tableProps, searchFormProps } = useSearchTable<AdminRefund>('ledger/refunds');
  const invalidate = useInvalidate();
  const pay = (r: AdminRefund) =>
    confirmAction({
      title: `經${r.provider === 'stripe' ? ' Stripe ' : '模擬付款'}退回 ${formatHkd(r.amount)}（訂單 ${r.orderNo}）？`,
      content: `${REFUND_REASON_LABELS[r.reason]}${r.note ? `：${r.note}` : ''}`,
      okText: '確認退款',
      run: async () => {
        await call('POST', 'ledger/refunds/pay', { body: { id: r.id } });
        await invalidate({ resource: 'ledger/refunds', invalidates: ['list'] });
      },
    });
  return (
    <>
      <FilterBar formProps={searchFormProps}>
        <ChoiceFilter name="status" label="狀態" width={140} options={STATUS_OPTIONS} />
      </FilterBar>
      <Table {...tableProps} pagination={paging(tableProps.pagination)} rowKey="id" scroll={{ x: 'max-content' }}>
        <Table.Column<AdminRefund> title={hkLabel('建立時間')} dataIndex="createdAt" render={formatTime} />
        <Table.Column<AdminRefund> title="訂單號" dataIndex="orderNo" />
        <Table.Column<AdminRefund> title="金額" dataIndex="amount" render={(v: number) => formatHkd(v)} />
        <Table.Column<AdminRefund>
          title="原因"
          render={(_, r) => `${REFUND_REASON_LABELS[r.reason]}${r.note ? `：${r.note}` : ''}`}
        />
        <Table.Column<AdminRefund> title="支付服務" render={(_, r) => `${r.provider}：${r.paymentRef}`} />
        <Table.Column<AdminRefund>
          title="狀態"
          render={(_, r) => `${REFUND_STATUS_LABELS[r.status]}${r.failure ? `（${r.failure}）` : ''}`}
        />
        <Table.Column<AdminRefund>
          title="操作"
          render={(_, r) =>
            r.status === 'paid' ? (
              (r.providerRefundRef ?? '—')
            ) : (
              <Button size="small" type="primary" onClick={() => pay(r)} aria-label={`退款 ${r.orderNo}`}>
                退款
              </Button>
            )
          }
        />
      </Table>
    </>
  );
}
