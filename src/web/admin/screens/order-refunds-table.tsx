import { Button, Form, Input, Space, Table, Typography } from 'antd';
import { useCallback, useState } from 'react';
import type { AdminOrderRefund } from '../../../shared/schemas/admin-order-refunds';
import { OrderRefundModal, refundDestination } from '../components/order-refund-modal';
import { CLEARABLE, FilterBar, TextFilter, paging, useSearchTable } from '../components/list-tools';
import { formatHkd, formatTime, hkLabel } from '../lib/format';

/**
 * 訂單退款 (decision 050): refunds of paid mall orders, newest first, each with its reason and where its money went;
 * 退款 opens an order by its number (also reached from a user's 訂單 tab).
 */
export function OrderRefundsTable() {
  const { tableProps, searchFormProps } = useSearchTable<AdminOrderRefund>('orderRefunds');
  const [orderNo, setOrderNo] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const close = useCallback(() => setOrderNo(null), []);
  return (
    <>
      <Typography.Paragraph>
        退款已付款的商城訂單（卡牌、商品、卡包）：輸入訂單編號，或於用戶頁面的「訂單」分頁按「退款」。
      </Typography.Paragraph>
      <Form
        layout="inline"
        name="refund-order"
        onFinish={() => typed.trim() && setOrderNo(typed.trim())}
        style={{ marginBottom: 16 }}
      >
        <Form.Item label="訂單編號">
          <Space.Compact>
            <Input
              aria-label="訂單編號"
              allowClear={CLEARABLE}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="例如 TR2612070ABCDEFG"
              style={{ width: 240 }}
            />
            <Button type="primary" htmlType="submit" disabled={!typed.trim()}>
              退款…
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      <FilterBar formProps={searchFormProps}>
        <TextFilter name="orderNo" label="篩選訂單編號" />
      </FilterBar>
      <Table {...tableProps} pagination={paging(tableProps.pagination)} rowKey="id" scroll={{ x: 'max-content' }}>
        <Table.Column<AdminOrderRefund> title={hkLabel('時間')} dataIndex="createdAt" render={formatTime} />
        <Table.Column<AdminOrderRefund>
          title="訂單號"
          render={(_, r) => (
            <Button
              type="link"
              size="small"
              onClick={() => setOrderNo(r.orderNo)}
              aria-label={`查看訂單 ${r.orderNo} 的退款`}
            >
              {r.orderNo}
            </Button>
          )}
        />
        <Table.Column<AdminOrderRefund> title="項目" dataIndex="itemName" />
        <Table.Column<AdminOrderRefund> title="金額" dataIndex="amount" render={(v: number) => formatHkd(v)} />
        <Table.Column<AdminOrderRefund> title="原因" dataIndex="reason" />
        <Table.Column<AdminOrderRefund> title="款項" render={(_, r) => refundDestination(r)} />
        <Table.Column<AdminOrderRefund> title="收回物品" render={(_, r) => `${r.itemIds.length} 件`} />
      </Table>
      <OrderRefundModal orderNo={orderNo} onClose={close} />
    </>
  );
}
