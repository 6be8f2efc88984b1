import { useCallback } from 'react';
import { List } from 'antd-mobile';
import { formatAddress } from '../../../shared/schemas/addresses';
import type { Shipment } from '../../../shared/schemas/delivery';
import { GoButton } from '../../components/go-button';
import { PagedFrame } from '../../components/paged-frame';
import { LinkItem } from '../../components/link-item';
import { formatHkDateTime } from '../../../shared/hk-time';
import { createListStore } from '../../lib/stores';
import { usePagedList } from '../../lib/use-paged-list';
import { listShipments } from './api/list-shipments';
import { ShipmentStatusTag } from './components/shipment-status-tag';
import './delivery.css';

const PAGE_SIZE = 20;
/** Shipments have no list of their own in the seed's stores (§3): this screen keeps its own. */
const shipmentStore = createListStore(['shipments'] as const);

/** The empty list's message and where it leads. */
const NO_SHIPMENTS = {
  title: '未有提貨訂單',
  description: '在「我的實物」選擇物品並申請提貨，訂單會在這裏顯示。',
  action: <GoButton to="/my/entity">前往我的實物</GoButton>,
};

/** /my/entity/order: the user's shipments with their status, newest first; each opens its timeline. */
export default function EntityOrderScreen() {
  const fetchPage = useCallback((page: number, pageSize: number) => listShipments(page, pageSize), []);
  const list = usePagedList<Shipment, 'shipments'>(shipmentStore, 'shipments', fetchPage, PAGE_SIZE);
  return (
    <PagedFrame {...list} endClassName="list-end" what="提貨訂單" emptyText={NO_SHIPMENTS}>
      <List aria-label="提貨訂單">
        {list.items.map((s) => (
          <LinkItem
            key={s.id}
            to={`/my/logistics?id=${encodeURIComponent(s.id)}`}
            description={
              <>
                <span>
                  {formatHkDateTime(s.createdAt)}・共 {s.items.length} 件
                </span>
                <br />
                <span>{formatAddress(s.address)}</span>
                <span className="shipment-items" aria-hidden="true">
                  {s.items.slice(0, 6).map((i) => (i.image ? <img key={i.goodsId} src={i.image} alt="" /> : null))}
                </span>
              </>
            }
            extra={<ShipmentStatusTag status={s.status} />}
          >
            {s.items[0]?.name ?? '提貨訂單'}
            {s.items.length > 1 ? ` 等 ${s.items.length} 件` : ''}（{s.shipmentNo}）
          </LinkItem>
        ))}
      </List>
    </PagedFrame>
  );
}
