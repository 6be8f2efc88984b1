import { useSearchParams } from 'react-router';
import { PayForm } from './components/pay-form';
import './checkout.css';

/** /mall/goodsPay?id=<productId>: buy a product. */
export default function GoodsPayScreen() {
  const [params] = useSearchParams();
  return <PayForm kind="product" id={params.get('id')} />;
}
