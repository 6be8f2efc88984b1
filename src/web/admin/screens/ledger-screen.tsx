import { useCustom } from '@refinedev/core';
import { Alert, Card, Skeleton, Table, Tabs, Typography } from 'antd';
import type { Reconcile, ReconcileException, TrialBalance } from '../../../shared/schemas/admin-ledger';
import { formatHkd } from '../lib/format';
import { JournalTable, RefundsTable } from './ledger-tables';
import { OrderRefundsTable } from './order-refunds-table';

type AccountRow = TrialBalance['accounts'][number];

/** The trial balance by account type: each type's balance and how many accounts it has; the total must be 0. */
function TrialBalanceCard() {
  const { result, query } = useCustom<TrialBalance>({ url: 'ledger/trialBalance', method: 'get' });
  const d = result?.data as TrialBalance | undefined;
  if (query.isError) return <Alert type="error" message={`未能載入試算表：${query.error.message}`} />;
  if (query.isLoading || !d?.accounts) return <Skeleton active />;
  return (
    <Card title="試算表">
      <Table<AccountRow>
        dataSource={d.accounts}
        rowKey="type"
        pagination={false}
        size="small"
        scroll={{ x: 'max-content' }}
      >
        <Table.Column<AccountRow> title="帳戶類別" dataIndex="label" />
        <Table.Column<AccountRow> title="帳戶數目" dataIndex="accounts" />
        <Table.Column<AccountRow> title="結餘" dataIndex="balance" render={(v: number) => formatHkd(v)} />
      </Table>
      <Typography.Paragraph type={d.total === 0 ? undefined : 'danger'}>
        合計：{formatHkd(d.total)}
        {d.total === 0 ? '（借貸平衡）' : '（不平衡，請立即通知工程團隊）'}
      </Typography.Paragraph>
    </Card>
  );
}

/** Reconciliation exceptions, each with what it needs; none when the books are right. */
function ReconcileCard() {
  const { result, query } = useCustom<Reconcile>({ url: 'ledger/reconcile', method: 'get' });
  const d = result?.data as Reconcile | undefined;
  if (query.isError) return <Alert type="error" message={`未能載入對帳結果：${query.error.message}`} />;
  if (query.isLoading || !d?.exceptions) return <Skeleton active />;
  if (d.exceptions.length === 0) return <Alert type="success" message="對帳無異常：每張已完成的訂單都有應有的分錄。" />;
  return (
    <Table<ReconcileException>
      dataSource={d.exceptions}
      rowKey={(e) => `${e.type}:${e.ref}:${e.detail}`}
      size="small"
      scroll={{ x: 'max-content' }}
    >
      <Table.Column<ReconcileException> title="參考" dataIndex="ref" />
      <Table.Column<ReconcileException> title="異常" dataIndex="detail" />
      <Table.Column<ReconcileException> title="需要的處理" dataIndex="action" />
    </Table>
  );
}

/**
 * 帳目: the books for operators — trial balance, journal of postings, reconciliation, refund records and the refunds of
 * paid orders (decision 050).
 */
export function LedgerScreen() {
  return (
    <main>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        帳目
      </Typography.Title>
      <Tabs
        className="ledger-tabs"
        items={[
          { key: 'trial', label: '試算表', children: <TrialBalanceCard /> },
          { key: 'journal', label: '分錄', children: <JournalTable /> },
          { key: 'reconcile', label: '對帳', children: <ReconcileCard /> },
          { key: 'refunds', label: '退款', children: <RefundsTable /> },
          { key: 'orderRefunds', label: '訂單退款', children: <OrderRefundsTable /> },
        ]}
      />
    </main>
  );
}
