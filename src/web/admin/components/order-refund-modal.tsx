import { useInvalidate } from '@refinedev/core';
import { Alert, Checkbox, Descriptions, Form, Input, InputNumber, Modal, Skeleton, Table, message } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import type {
  AdminOrderRefund,
  AdminOrderRefundPreview,
  AdminRefundUnit,
} from '../../../shared/schemas/admin-order-refunds';
import { REFUND_STATUS_LABELS } from '../../../shared/schemas/admin-ledger';
import { call } from '../lib/api';
import { formatHkd, formatTime, hkLabel, toCents, toDollars } from '../lib/format';
import { confirmAction } from './action-modal';

/** A fresh request key each time a refund is prepared: a double click or a retry of it pays once (decision 050). */
const newKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

const PROVIDER_LABELS: Record<string, string> = { balance: '錢包餘額', sandbox: '模擬付款', stripe: 'Stripe' };

/** Where a refund's money went, in words. */
export const refundDestination = (r: Pick<AdminOrderRefund, 'toBalance' | 'refundStatus'>) =>
  r.toBalance ? '已存入客戶錢包' : `經支付服務退回（${r.refundStatus ? REFUND_STATUS_LABELS[r.refundStatus] : '—'}）`;

interface Values {
  amount: number | null;
  reason: string;
  toBalance: boolean;
}

/**
 * 退款 of a paid mall order (decision 050): the order, its units (which can still go back to the platform), the
 * amount (by default the picked units' share, at most what is left), a reason and 退回錢包; asks before it pays,
 * then shows the order as it is after, with its refunds.
 */
export function OrderRefundModal({ orderNo, onClose }: { orderNo: string | null; onClose: () => void }) {
  const [order, setOrder] = useState<AdminOrderRefundPreview | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [key, setKey] = useState(newKey);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();
  const invalidate = useInvalidate();
  // The latest onClose, so the load below runs once per order whatever the parent passes.
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    setOrder(null);
    setPicked([]);
    setKey(newKey());
    form.resetFields();
    if (!orderNo) return;
    call<AdminOrderRefundPreview>('GET', 'payOrders/refund', { query: { orderNo } })
      .then((a) => {
        setOrder(a.data);
        form.setFieldsValue({ amount: null, reason: '', toBalance: a.data.provider === 'balance' });
      })
      .catch((err: { message?: string }) => {
        void message.error(err.message ?? '未能讀取訂單');
        close.current();
      });
  }, [orderNo, form]);

  const shareOf = useMemo(
    () => (ids: string[]) =>
      (order?.units ?? []).filter((u) => ids.includes(u.itemId)).reduce((s, u) => s + u.share, 0),
    [order],
  );
  const pick = (ids: string[]) => {
    setPicked(ids);
    // The amount follows the picked units' share (never past what is left) until the operator types another.
    if (order && ids.length > 0) form.setFieldValue('amount', toDollars(Math.min(shareOf(ids), order.remaining)));
  };

  const submit = async () => {
    if (!order) return;
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const amount = toCents(v.amount) ?? 0;
    const units = picked.length > 0 ? `，收回 ${picked.length} 件物品` : '（物品留給客戶）';
    const where = v.toBalance || order.provider === 'balance' ? '客戶的錢包' : '原付款方式（經支付服務）';
    confirmAction({
      title: `退款 ${formatHkd(amount)} 至${where}？`,
      content: `訂單 ${order.orderNo}${units}。原因：${v.reason.trim()}`,
      okText: '確認退款',
      danger: true,
      run: async () => {
        setBusy(true);
        try {
          const a = await call<AdminOrderRefundPreview>('POST', 'payOrders/refund', {
            body: {
              orderNo: order.orderNo,
              amount,
              itemIds: picked,
              reason: v.reason,
              toBalance: v.toBalance,
              idempotencyKey: key,
            },
          });
          void message.success(a.msg || '已退款');
          setOrder(a.data);
          setPicked([]);
          setKey(newKey());
          form.setFieldsValue({ amount: null, reason: '' });
          for (const resource of ['users/orders', 'orderRefunds', 'ledger/refunds'])
            await invalidate({ resource, invalidates: ['list'] });
        } finally {
          setBusy(false);
        }
      },
    });
  };

  const open = orderNo !== null;
  const refusal = order?.refusal ?? null;
  return (
    <Modal
      open={open}
      title={`訂單退款：${orderNo ?? ''}`}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="退款…"
      cancelText="關閉"
      okButtonProps={{ danger: true, disabled: !order || refusal !== null }}
      confirmLoading={busy}
      width={760}
      destroyOnHidden
    >
      {!order ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label="項目">{`${order.itemName} × ${order.quantity}`}</Descriptions.Item>
            <Descriptions.Item label="付款方式">{PROVIDER_LABELS[order.provider] ?? order.provider}</Descriptions.Item>
            <Descriptions.Item label="已付">
              {formatHkd(order.amount)}
              {order.discount > 0
                ? `（原價 ${formatHkd(order.listAmount)}，持卡優惠 −${formatHkd(order.discount)}）`
                : ''}
            </Descriptions.Item>
            <Descriptions.Item label={hkLabel('付款時間')}>{formatTime(order.paidAt)}</Descriptions.Item>
            <Descriptions.Item label="已退款">{formatHkd(order.refunded)}</Descriptions.Item>
            <Descriptions.Item label="尚可退款">{formatHkd(order.remaining)}</Descriptions.Item>
          </Descriptions>
          {refusal ? <Alert style={{ marginTop: 16 }} type="info" showIcon message={refusal} /> : null}
          <UnitsTable units={order.units} picked={picked} onPick={pick} disabled={refusal !== null} />
          {refusal ? null : (
            <Form form={form} layout="vertical" name="order-refund" style={{ marginTop: 16 }}>
              <Form.Item
                name="amount"
                label={`退款金額（HK$，最多 ${formatHkd(order.remaining)}）`}
                rules={[
                  { required: true, message: '請填寫退款金額' },
                  {
                    validator: (_, v: number | null) =>
                      v === null || (toCents(v)! >= 1 && toCents(v)! <= order.remaining)
                        ? Promise.resolve()
                        : Promise.reject(new Error(`退款金額須介乎 HK$0.01 至 ${formatHkd(order.remaining)}`)),
                  },
                ]}
              >
                <InputNumber controls={false} min={0} precision={2} step={1} style={{ width: 200 }} />
              </Form.Item>
              <Form.Item
                name="reason"
                label="退款原因（會顯示給客戶）"
                rules={[{ required: true, whitespace: true, min: 2, message: '請填寫退款原因（最少 2 個字）' }]}
              >
                <Input.TextArea rows={2} maxLength={200} showCount />
              </Form.Item>
              <Form.Item name="toBalance" valuePropName="checked">
                <Checkbox disabled={order.provider === 'balance'}>
                  退回錢包{order.provider === 'balance' ? '（以錢包付款的訂單一律退回錢包）' : '（不經支付服務）'}
                </Checkbox>
              </Form.Item>
            </Form>
          )}
          {order.refunds.length > 0 ? <RefundHistory refunds={order.refunds} /> : null}
        </>
      )}
    </Modal>
  );
}

/** The order's units: the ones that can still go back are picked here; the others say where they are. */
function UnitsTable({
  units,
  picked,
  onPick,
  disabled,
}: {
  units: AdminRefundUnit[];
  picked: string[];
  onPick: (ids: string[]) => void;
  disabled: boolean;
}) {
  return (
    <Table<AdminRefundUnit>
      style={{ marginTop: 16 }}
      dataSource={units}
      rowKey="itemId"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      rowSelection={{
        selectedRowKeys: picked,
        onChange: (keys) => onPick(keys as string[]),
        getCheckboxProps: (u) => ({ disabled: disabled || !u.returnable, 'aria-label': `收回 ${u.name}` }),
        columnTitle: '收回',
        columnWidth: 64,
      }}
    >
      <Table.Column<AdminRefundUnit>
        title="物品"
        render={(_, u) =>
          u.serial === null ? u.name : `${u.name} #${u.serial}${u.editionSize ? `/${u.editionSize}` : ''}`
        }
      />
      <Table.Column<AdminRefundUnit> title="所付金額" dataIndex="share" render={(v: number) => formatHkd(v)} />
      <Table.Column<AdminRefundUnit>
        title="現況"
        render={(_, u) => (u.returnable ? <strong>{u.state}</strong> : u.state)}
      />
    </Table>
  );
}

function RefundHistory({ refunds }: { refunds: AdminOrderRefund[] }) {
  return (
    <Table<AdminOrderRefund>
      style={{ marginTop: 16 }}
      title={() => '此訂單的退款'}
      dataSource={refunds}
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
    >
      <Table.Column<AdminOrderRefund> title={hkLabel('時間')} dataIndex="createdAt" render={formatTime} />
      <Table.Column<AdminOrderRefund> title="金額" dataIndex="amount" render={(v: number) => formatHkd(v)} />
      <Table.Column<AdminOrderRefund> title="原因" dataIndex="reason" />
      <Table.Column<AdminOrderRefund> title="款項" render={(_, r) => refundDestination(r)} />
      <Table.Column<AdminOrderRefund> title="收回物品" render={(_, r) => `${r.itemIds.length} 件`} />
    </Table>
  );
}
