import { useSearchParams } from 'react-router';
import { OrderStatus } from './components/order-status';
import './checkout.css';

/** /mall/info and /mall/goodsInfo ?orderNo=: an order's status, then the numbered cards or the goods once paid. */
export default function InfoScreen() {
  const [params] = useSearchParams();
  return <OrderStatus orderNo={params.get('orderNo')} />;
}
