import { payOrderReturnPath } from '../../../../shared/routes';
import type { PayOrder } from '../../../../shared/schemas/pay-orders';
import { isFailure } from '../../../lib/request';
import { payWithBalance } from '../api/pay-with-balance';

/** Opens the provider's checkout (the sandbox page or Stripe). */
export const openPayUrl = (url: string) => window.location.assign(url);

export const BALANCE = 'balance';

/** Pays from the wallet and shows the order's status; answers false when the server refused. */
export async function payFromBalance(order: PayOrder, navigate: (to: string) => void): Promise<boolean> {
  const paid = await payWithBalance(order.orderNo);
  if (isFailure(paid)) return false;
  navigate(payOrderReturnPath(paid));
  return true;
}
