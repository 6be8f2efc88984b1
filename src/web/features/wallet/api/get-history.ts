import type { LedgerEntry } from '../../../../shared/schemas/wallet';
import { get } from '../../../lib/request';

/** GET payment/history: ledger entries of the balance, newest first. */
export const getHistory = (q: { page: number; pageSize: number }) =>
  get<LedgerEntry[]>('payment/history', q, { loading: false });
