import { useSearchParams } from 'react-router';
import { ExistingOrder, PayForm } from './components/pay-form';
import './checkout.css';

/** /mall/pay?id=<cardInfoId>: buy a card drop; ?listingId=: buy a market listing; ?orderNo=: pay an order made elsewhere (a buy listing's funding). */
export default function PayScreen() {
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo');
  if (orderNo) return <ExistingOrder orderNo={orderNo} />;
  const listingId = params.get('listingId');
  if (listingId) return <PayForm kind="market" id={listingId} />;
  return <PayForm kind="card" id={params.get('id')} />;
}
