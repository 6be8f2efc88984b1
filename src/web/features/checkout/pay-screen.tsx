import { useLocation, useSearchParams } from 'react-router';
import { PayForm } from './components/pay-form';
import './checkout.css';

/** /mall/pay?id=<cardInfoId> buys a card drop; /mall/goodsPay?id=<productId> a product. */
export default function PayScreen() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  return <PayForm kind={pathname.startsWith('/mall/goodsPay') ? 'product' : 'card'} id={params.get('id')} />;
}
