import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../components/state-views';
import type { Failure } from '../../lib/request';
import { useLoad } from '../../lib/use-load';
import { getMarketOrder } from './api/get-market-order';
import { getPayOrder } from './api/get-pay-order';
import { MallOrderDetail } from './components/mall-order-detail';
import { MarketOrderDetail } from './components/market-order-detail';
import './checkout.css';

function BackToList() {
  const navigate = useNavigate();
  return <Button onClick={() => navigate('/my/collection/order')}>查看訂單列表</Button>;
}

/** Loads one order and shows it, or why it cannot. */
function Loaded<T>({
  load,
  keyOf,
  show,
}: {
  load: () => Promise<T | Failure>;
  keyOf: string;
  show: (o: T) => ReactNode;
}) {
  const state = useLoad(load, [keyOf]);
  if (state.status === 'loading') return <LoadingState label="正在載入訂單…" />;
  if (state.status === 'error') {
    if (state.failure.code === 404)
      return <EmptyState title="找不到此訂單" description="請從訂單列表重新選擇。" action={<BackToList />} />;
    return <ErrorState title="未能載入訂單" onRetry={state.reload} />;
  }
  return show(state.data);
}

/** /my/order?orderNo= (a mall order) or ?id= (a market order): one order in full. */
export default function OrderDetailScreen() {
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const id = params.get('id') ?? '';
  if (orderNo)
    return <Loaded load={() => getPayOrder(orderNo)} keyOf={orderNo} show={(o) => <MallOrderDetail order={o} />} />;
  if (id) return <Loaded load={() => getMarketOrder(id)} keyOf={id} show={(o) => <MarketOrderDetail order={o} />} />;
  return <EmptyState title="未指定訂單" description="請從訂單列表選擇一張訂單。" action={<BackToList />} />;
}
