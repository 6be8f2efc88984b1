import { Link } from 'react-router';
import { formatHkd } from '../../../../shared/money';
import { listPayOrders } from '../../../api/list-pay-orders';
import { readToken } from '../../../lib/auth-storage';
import { isFailure } from '../../../lib/request';
import { useLoad } from '../../../lib/use-load';
import { PackPart } from './pack-part';

const query = (orderNo: string, seriesId: string) =>
  `/mall/pack?id=${encodeURIComponent(seriesId)}&orderNo=${encodeURIComponent(orderNo)}`;

/** 我的卡包: a signed-in buyer's pending order of this series (to pay) and paid ones (to open); nothing otherwise. */
export function MyPacks({ seriesId, current }: { seriesId: string; current: string | null }) {
  const signedIn = readToken() !== null;
  const orders = useLoad(async () => {
    if (!signedIn) return [];
    const [pending, paid] = await Promise.all([
      listPayOrders({ type: 'pack', status: 'pending', itemId: seriesId, pageSize: 5 }),
      listPayOrders({ type: 'pack', status: 'paid', itemId: seriesId, pageSize: 10 }),
    ]);
    if (isFailure(pending)) return pending;
    if (isFailure(paid)) return paid;
    return [...pending, ...paid].filter((o) => o.orderNo !== current);
  }, [signedIn, seriesId, current]);
  if (orders.status !== 'ready' || orders.data.length === 0) return null;
  return (
    <PackPart id="my-packs-title" title="我的卡包訂單">
      <ul className="pack-my-orders">
        {orders.data.map((o) => (
          <li key={o.orderNo}>
            <span>
              {o.orderNo}・{o.quantity} 包・{formatHkd(o.amount)}
            </span>
            {o.status === 'pending' ? (
              <Link
                to={`/mall/pay?orderNo=${encodeURIComponent(o.orderNo)}`}
                aria-label={`前往付款：訂單 ${o.orderNo}`}
              >
                前往付款
              </Link>
            ) : (
              <Link to={query(o.orderNo, seriesId)} aria-label={`開包：訂單 ${o.orderNo}`}>
                開包
              </Link>
            )}
          </li>
        ))}
      </ul>
    </PackPart>
  );
}
