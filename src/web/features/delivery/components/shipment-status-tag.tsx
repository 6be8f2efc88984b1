import { Tag } from 'antd-mobile';
import { SHIPMENT_STATUS_LABELS, type ShipmentStatus } from '../../../../shared/schemas/delivery';

const COLORS: Record<ShipmentStatus, string> = {
  pending: 'warning',
  packed: 'primary',
  shipped: 'primary',
  delivered: 'success',
  received: 'success',
  cancelled: 'default',
};

/** A shipment's status as a coloured tag (待處理, 已打包, 已發貨, 已送達, 已確認收貨, 已取消). */
export function ShipmentStatusTag({ status }: { status: ShipmentStatus }) {
  return <Tag color={COLORS[status]}>{SHIPMENT_STATUS_LABELS[status]}</Tag>;
}
