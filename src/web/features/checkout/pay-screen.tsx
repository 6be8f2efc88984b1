import { useSearchParams } from 'react-router';
import { PayForm } from './components/pay-form';
import './checkout.css';

/** /mall/pay?id=<cardInfoId>: buy a card drop. */
export default function PayScreen() {
  const [params] = useSearchParams();
  return <PayForm kind="card" id={params.get('id')} />;
}
