import { useSearchParams } from 'react-router';
import { OrderStatus } from './components/order-status';
import './checkout.css';

/** /mall/info?orderNo=: a card order's status and the numbered cards once paid. */
export default function InfoScreen() {
  const [params] = useSearchParams();
  return <OrderStatus orderNo={params.get('orderNo')} />;
}
