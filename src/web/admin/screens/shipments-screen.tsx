import { List } from '@refinedev/antd';
import { Button, Space, Table } from 'antd';
import { useState } from 'react';
import {
  CARRIERS,
  SHIPMENT_STATUSES,
  SHIPMENT_STATUS_LABELS,
  type AdminShipment,
} from '../../../shared/schemas/delivery';
import { ActionModal, confirmAction, type PendingAction } from '../components/action-modal';
import { ChoiceFilter, FilterBar, labelOptions, paging, useSearchTable } from '../components/list-tools';
import { useAction } from '../components/use-remove';
import { formatTime, hkLabel } from '../lib/format';
import { SCHEMAS } from '../lib/schemas';

const STATUS_OPTIONS = labelOptions(SHIPMENT_STATUS_LABELS, SHIPMENT_STATUSES);

/** Deliveries of physical goods: pack, ship (carrier + tracking number), deliver, cancel before shipping. */
export function ShipmentsScreen() {
  const { tableProps, searchFormProps } = useSearchTable<AdminShipment>('shipments');
  const [pending, setPending] = useState<PendingAction | null>(null);
  const act = useAction('shipments');

  const ship = (s: AdminShipment) =>
    setPending({
      path: 'shipments/ship',
      title: `發貨：${s.shipmentNo}`,
      id: s.id,
      okText: '確認發貨',
      done: '已標記為已發貨',
      schema: SCHEMAS.ship,
      fields: [
        // The carriers whose tracking pages the app links to (any other name is kept as typed, without a link).
        { name: 'carrier', label: '物流公司', required: true, max: 40, options: CARRIERS.map((c) => c.name) },
        { name: 'trackingNumber', label: '運單號碼', required: true, max: 40 },
      ],
    });
  const cancel = (s: AdminShipment) =>
    setPending({
      path: 'shipments/cancel',
      title: `取消提貨：${s.shipmentNo}`,
      id: s.id,
      okText: '取消提貨',
      done: '已取消提貨，物品已退回用戶',
      schema: SCHEMAS.cancelShipment,
      danger: true,
      fields: [{ name: 'reason', label: '取消原因', max: 200, multiline: true }],
    });

  return (
    <List title="提貨發貨">
      <FilterBar formProps={searchFormProps}>
        <ChoiceFilter name="status" label="狀態" width={140} options={STATUS_OPTIONS} />
      </FilterBar>
      <Table {...tableProps} pagination={paging(tableProps.pagination)} rowKey="id" scroll={{ x: 'max-content' }}>
        <Table.Column<AdminShipment> title="提貨編號" dataIndex="shipmentNo" />
        <Table.Column<AdminShipment> title={hkLabel('申請時間')} dataIndex="createdAt" render={formatTime} />
        <Table.Column<AdminShipment>
          title="狀態"
          dataIndex="status"
          render={(s: AdminShipment['status']) => SHIPMENT_STATUS_LABELS[s]}
        />
        <Table.Column<AdminShipment> title="收件人" render={(_, s) => `${s.address.recipient}（${s.address.phone}）`} />
        <Table.Column<AdminShipment>
          title="地址"
          render={(_, s) => `${s.address.region} ${s.address.district} ${s.address.detail}`}
        />
        <Table.Column<AdminShipment> title="物品" render={(_, s) => s.items.map((i) => i.name).join('、')} />
        <Table.Column<AdminShipment>
          title="物流"
          render={(_, s) => (s.carrier ? `${s.carrier} ${s.trackingNumber ?? ''}` : '—')}
        />
        <Table.Column<AdminShipment>
          title="操作"
          render={(_, s) => (
            <Space wrap>
              {s.status === 'pending' ? (
                <Button
                  size="small"
                  onClick={() =>
                    confirmAction({
                      title: `打包 ${s.shipmentNo}？`,
                      okText: '已打包',
                      run: () => act('pack', { id: s.id }, '已標記為已打包'),
                    })
                  }
                  aria-label={`打包 ${s.shipmentNo}`}
                >
                  打包
                </Button>
              ) : null}
              {s.status === 'pending' || s.status === 'packed' ? (
                <Button size="small" type="primary" onClick={() => ship(s)} aria-label={`發貨 ${s.shipmentNo}`}>
                  發貨
                </Button>
              ) : null}
              {s.status === 'shipped' ? (
                <Button
                  size="small"
                  onClick={() =>
                    confirmAction({
                      title: `確認 ${s.shipmentNo} 已送達？`,
                      okText: '已送達',
                      run: () => act('deliver', { id: s.id }, '已標記為已送達'),
                    })
                  }
                  aria-label={`標記 ${s.shipmentNo} 已送達`}
                >
                  已送達
                </Button>
              ) : null}
              {s.status === 'pending' || s.status === 'packed' ? (
                <Button size="small" danger onClick={() => cancel(s)} aria-label={`取消提貨 ${s.shipmentNo}`}>
                  取消
                </Button>
              ) : null}
            </Space>
          )}
        />
      </Table>
      <ActionModal action={pending} onClose={() => setPending(null)} invalidates={['shipments', 'dashboard']} />
    </List>
  );
}
