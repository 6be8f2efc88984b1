import { useSearchParams } from 'react-router';
import { OrderStatus } from './components/order-status';
import './checkout.css';

/** /mall/goodsInfo?orderNo=: a product order's status and the goods once paid. */
export default function GoodsInfoScreen() {
  const [params] = useSearchParams();
  return <OrderStatus orderNo={params.get('orderNo')} />;
}
