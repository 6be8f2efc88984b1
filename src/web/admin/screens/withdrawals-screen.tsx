import { List } from '@refinedev/antd';
import { Button, Space, Table } from 'antd';
import { useState } from 'react';
import { WITHDRAWAL_STATUSES, WITHDRAWAL_STATUS_LABELS, type AdminWithdrawal } from '../../../shared/schemas/wallet';
import { ActionModal, type PendingAction } from '../components/action-modal';
import { ChoiceFilter, FilterBar, labelOptions, paging, useSearchTable } from '../components/list-tools';
import { PAYOUT_METHOD_LABELS } from '../../../shared/schemas/identity';
import { formatHkd, formatTime, hkLabel } from '../lib/format';
import { SCHEMAS } from '../lib/schemas';

const STATUS_OPTIONS = labelOptions(WITHDRAWAL_STATUS_LABELS, WITHDRAWAL_STATUSES);

/** Payout requests: pay (with the bank's reference) or reject (with a reason; the money returns to the balance). */
export function WithdrawalsScreen() {
  const { tableProps, searchFormProps } = useSearchTable<AdminWithdrawal>('withdrawals');
  const [pending, setPending] = useState<PendingAction | null>(null);

  return (
    <List title="提現">
      <FilterBar formProps={searchFormProps}>
        <ChoiceFilter name="status" label="狀態" width={140} options={STATUS_OPTIONS} />
      </FilterBar>
      <Table {...tableProps} pagination={paging(tableProps.pagination)} rowKey="id" scroll={{ x: 'max-content' }}>
        <Table.Column<AdminWithdrawal> title={hkLabel('申請時間')} dataIndex="createdAt" render={formatTime} />
        <Table.Column<AdminWithdrawal> title="用戶" render={(_, w) => `${w.nickname}（${w.phoneMasked}）`} />
        <Table.Column<AdminWithdrawal> title="金額" dataIndex="amount" render={(v: number) => formatHkd(v)} />
        <Table.Column<AdminWithdrawal>
          title="收款方式"
          render={(_, w) => `${PAYOUT_METHOD_LABELS[w.method]}：${w.accountName} ${w.accountNo}`}
        />
        <Table.Column<AdminWithdrawal>
          title="狀態"
          dataIndex="status"
          render={(s: AdminWithdrawal['status']) => WITHDRAWAL_STATUS_LABELS[s]}
        />
        <Table.Column<AdminWithdrawal> title="參考編號／原因" render={(_, w) => w.reference ?? w.reason ?? '—'} />
        <Table.Column<AdminWithdrawal>
          title="操作"
          render={(_, w) =>
            w.status === 'pending' ? (
              <Space>
                <Button
                  size="small"
                  type="primary"
                  onClick={() =>
                    setPending({
                      path: 'withdrawals/pay',
                      title: `付款 ${formatHkd(w.amount)} 予 ${w.nickname}`,
                      id: w.id,
                      okText: '確認已付款',
                      done: '已標記為已付款',
                      schema: SCHEMAS.payWithdrawal,
                      fields: [{ name: 'reference', label: '付款參考編號', required: true, max: 100 }],
                    })
                  }
                  aria-label={`付款 ${w.nickname} ${formatHkd(w.amount)}`}
                >
                  付款
                </Button>
                <Button
                  size="small"
                  danger
                  onClick={() =>
                    setPending({
                      path: 'withdrawals/reject',
                      title: `拒絕 ${w.nickname} 的提現`,
                      id: w.id,
                      okText: '拒絕提現',
                      done: '已拒絕，款項已退回用戶餘額',
                      schema: SCHEMAS.rejectWithdrawal,
                      danger: true,
                      fields: [{ name: 'reason', label: '拒絕原因', required: true, max: 200, multiline: true }],
                    })
                  }
                  aria-label={`拒絕 ${w.nickname} ${formatHkd(w.amount)}`}
                >
                  拒絕
                </Button>
              </Space>
            ) : null
          }
        />
      </Table>
      <ActionModal action={pending} onClose={() => setPending(null)} invalidates={['withdrawals', 'dashboard']} />
    </List>
  );
}
