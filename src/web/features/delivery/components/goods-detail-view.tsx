import { List } from 'antd-mobile';
import { Link } from 'react-router';
import { GOODS_STATUS_LABELS } from '../../../../shared/schemas/delivery';
import { ErrorState, LoadingState } from '../../../components/state-views';
import { TextBody } from '../../../components/text-body';
import { formatHkDateTime } from '../../../../shared/hk-time';
import { useLoad } from '../../../lib/use-load';
import { getGoods } from '../../../api/get-goods';

const EVENT_LABELS = {
  created: '購入',
  transferred: '轉手',
  delivery_requested: '申請提貨',
  delivery_cancelled: '提貨取消，退回存放',
  delivered: '已送達',
  returned: '訂單退款，物品已由平台收回',
} as const;

/** One of the user's goods (goods/detail): the product, its status and history, and its shipment. */
export function GoodsDetailView({ id }: { id: string }) {
  const state = useLoad(() => getGoods(id), [id]);
  if (state.status === 'loading') return <LoadingState label="正在載入物品…" />;
  if (state.status === 'error') return <ErrorState title="未能載入物品" onRetry={state.reload} />;
  const g = state.data;
  return (
    <div className="goods-detail">
      {g.image ? <img className="goods-detail-image" src={g.image} alt={g.name} /> : null}
      <h2 className="section-title">{g.name}</h2>
      <p className="goods-meta">
        {GOODS_STATUS_LABELS[g.status]}・購於 {formatHkDateTime(g.acquiredAt)}
      </p>
      {g.shipmentId ? (
        <p>
          <Link to={`/my/logistics?id=${encodeURIComponent(g.shipmentId)}`}>查看物流</Link>
        </p>
      ) : null}
      <TextBody text={g.description} />
      <List header="紀錄">
        {g.events.map((e, i) => (
          <List.Item key={`${e.kind}-${i}`} description={formatHkDateTime(e.at)}>
            {EVENT_LABELS[e.kind]}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
