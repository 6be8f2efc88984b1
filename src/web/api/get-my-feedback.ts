import type { MyFeedback } from '../../shared/schemas/standing';
import { get } from '../lib/request';

/** GET market/feedback/mine: what the user left on one of their market orders, and whether they may change it. */
export const getMyFeedback = (orderId: string) =>
  get<MyFeedback>('market/feedback/mine', { orderId }, { loading: false });
