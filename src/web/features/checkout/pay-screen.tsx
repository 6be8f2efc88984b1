import { useLocation, useSearchParams } from 'react-router';
import { ExistingOrder, PayForm } from './components/pay-form';
import './checkout.css';

/**
 * /mall/pay?id=<cardInfoId> buys a card drop; /mall/goodsPay?id=<productId> a product; /mall/pay?listingId=
 * a market sell listing; /mall/pay?orderNo= pays an order made elsewhere (the `bid` order of a buy listing).
 */
export default function PayScreen() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const orderNo = params.get('orderNo');
  if (orderNo) return <ExistingOrder orderNo={orderNo} />;
  const listingId = params.get('listingId');
  if (listingId) return <PayForm kind="market" id={listingId} />;
  return <PayForm kind={pathname.startsWith('/mall/goodsPay') ? 'product' : 'card'} id={params.get('id')} />;
}
