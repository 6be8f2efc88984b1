import { useTable } from '@refinedev/antd';
import { Button, Table } from 'antd';
import { useCallback, useState } from 'react';
import { REFUNDABLE_ORDER_TYPES } from '../../../shared/schemas/admin-order-refunds';
import { VIA_LABELS, type ItemVia } from '../../../shared/schemas/collection';
import { GOODS_STATUS_LABELS, type GoodsStatus } from '../../../shared/schemas/delivery';
import { PAY_ORDER_STATUS_LABELS } from '../../../shared/schemas/pay-orders';
import type { AdminHolding, AdminUserOrder } from '../../../shared/schemas/admin-users';
import { formatHkd, formatTime, hkLabel } from '../lib/format';
import { paging } from './list-tools';
import { OrderRefundModal } from './order-refund-modal';

/** A paid order of the mall's own sales, which an operator may refund (decision 050). */
const refundable = (o: AdminUserOrder) =>
  o.status === 'paid' && (REFUNDABLE_ORDER_TYPES as readonly string[]).includes(o.type);

export const ORDER_TYPE_LABELS: Record<AdminUserOrder['type'], string> = {
  card: '卡牌',
  product: '商品',
  market: '市場購買',
  bid: '求購訂金',
  set: '一鍵補齊卡冊',
  pack: '卡包',
  offer: '出價訂金',
  bids: '一次求購訂金',
  offer_topup: '出價補足差額',
};
const CARD_STATUS_LABELS: Record<string, string> = {
  held: '持有中',
  listed: '寄售中',
  reserved: '交易中',
  consumed: '已兌換',
};

/** A user's pay orders (`users/orders?id`), with 退款 on a paid mall order. */
export function UserOrdersTable({ id }: { id: string }) {
  const { tableProps } = useTable<AdminUserOrder>({
    resource: 'users/orders',
    syncWithLocation: false,
    meta: { query: { id } },
  });
  const [refunding, setRefunding] = useState<string | null>(null);
  const close = useCallback(() => setRefunding(null), []);
  return (
    <>
      <Table {...tableProps} pagination={paging(tableProps.pagination)} rowKey="orderNo" scroll={{ x: 'max-content' }}>
        <Table.Column<AdminUserOrder> title="訂單編號" dataIndex="orderNo" />
        <Table.Column<AdminUserOrder>
          title="類型"
          dataIndex="type"
          render={(t: AdminUserOrder['type']) => ORDER_TYPE_LABELS[t]}
        />
        <Table.Column<AdminUserOrder> title="項目" render={(_, o) => `${o.itemName} × ${o.quantity}`} />
        <Table.Column<AdminUserOrder> title="金額" dataIndex="amountCents" render={(v: number) => formatHkd(v)} />
        <Table.Column<AdminUserOrder>
          title="狀態"
          dataIndex="status"
          render={(s: AdminUserOrder['status']) => PAY_ORDER_STATUS_LABELS[s]}
        />
        <Table.Column<AdminUserOrder> title={hkLabel('建立時間')} dataIndex="createdAt" render={formatTime} />
        <Table.Column<AdminUserOrder> title={hkLabel('付款時間')} dataIndex="paidAt" render={formatTime} />
        <Table.Column<AdminUserOrder>
          title="已退款"
          dataIndex="refundedCents"
          render={(v: number) => (v > 0 ? formatHkd(v) : '—')}
        />
        <Table.Column<AdminUserOrder>
          title="操作"
          render={(_, o) =>
            refundable(o) && o.refundedCents < o.amountCents ? (
              <Button size="small" danger onClick={() => setRefunding(o.orderNo)} aria-label={`退款 ${o.orderNo}`}>
                退款
              </Button>
            ) : null
          }
        />
      </Table>
      <OrderRefundModal orderNo={refunding} onClose={close} />
    </>
  );
}

/** The cards and goods a user holds (`users/holdings?id`). */
export function UserHoldingsTable({ id }: { id: string }) {
  const { tableProps } = useTable<AdminHolding>({
    resource: 'users/holdings',
    syncWithLocation: false,
    meta: { query: { id } },
  });
  return (
    <Table
      {...tableProps}
      pagination={paging(tableProps.pagination)}
      rowKey={(h) => `${h.kind}-${h.id}`}
      scroll={{ x: 'max-content' }}
    >
      <Table.Column<AdminHolding>
        title="類別"
        dataIndex="kind"
        render={(k: AdminHolding['kind']) => (k === 'card' ? '卡牌' : '物品')}
      />
      <Table.Column<AdminHolding> title="名稱" dataIndex="name" />
      <Table.Column<AdminHolding>
        title="編號"
        render={(_, h) => (h.serial === null ? '—' : `#${h.serial}${h.editionSize ? `/${h.editionSize}` : ''}`)}
      />
      <Table.Column<AdminHolding> title="稀有度" dataIndex="rarity" render={(r: string | null) => r ?? '—'} />
      <Table.Column<AdminHolding>
        title="狀態"
        render={(_, h) =>
          h.kind === 'goods'
            ? (GOODS_STATUS_LABELS[h.status as GoodsStatus] ?? h.status)
            : (CARD_STATUS_LABELS[h.status] ?? h.status)
        }
      />
      <Table.Column<AdminHolding>
        title="來源"
        dataIndex="acquiredVia"
        render={(v: string) => VIA_LABELS[v as ItemVia] ?? v}
      />
      <Table.Column<AdminHolding> title={hkLabel('取得時間')} dataIndex="acquiredAt" render={formatTime} />
    </Table>
  );
}
