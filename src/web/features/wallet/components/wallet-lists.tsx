import { useCallback } from 'react';
import { Tag } from 'antd-mobile';
import { Link } from 'react-router';
import { formatHkDateTime } from '../../../../shared/hk-time';
import { formatHkd } from '../../../../shared/money';
import { PAYOUT_METHOD_LABELS } from '../../../../shared/schemas/identity';
import { WITHDRAWAL_STATUS_LABELS, type LedgerEntry, type Withdrawal } from '../../../../shared/schemas/wallet';
import { PagedFrame } from '../../../components/paged-frame';
import { createListStore } from '../../../lib/stores';
import { usePagedList } from '../../../lib/use-paged-list';
import { getHistory } from '../api/get-history';
import { getWithdrawals } from '../api/get-withdrawals';

// The seed's payment area holds no lists; these two belong to this screen only.
const walletLists = createListStore(['history', 'withdrawals'] as const);
const PAGE_SIZE = 20;

/** 收支紀錄: the balance's ledger entries, newest first. */
export function HistoryList({ version }: { version: number }) {
  const fetchPage = useCallback((page: number, pageSize: number) => getHistory({ page, pageSize }), []);
  const list = usePagedList<LedgerEntry, 'history'>(walletLists, 'history', fetchPage, PAGE_SIZE, [version]);
  return (
    <PagedFrame
      {...list}
      what="收支紀錄"
      endClassName="wallet-list-end"
      emptyText={{
        title: '未有收支紀錄',
        description: (
          <>
            在<Link to="/market">市場</Link>出售物品後，所得款項會在這裏列出。
          </>
        ),
      }}
    >
      <ul className="wallet-list" aria-label="收支紀錄">
        {list.items.map((e) => (
          <li key={e.id} className="wallet-row">
            <span className="wallet-row-text">
              <span>{e.description}</span>
              <small>{formatHkDateTime(e.createdAt)}</small>
            </span>
            <strong className={e.amount >= 0 ? 'wallet-credit' : 'wallet-debit'}>
              {e.amount >= 0 ? `+${formatHkd(e.amount)}` : formatHkd(e.amount)}
            </strong>
          </li>
        ))}
      </ul>
    </PagedFrame>
  );
}

const WITHDRAWAL_COLORS: Record<Withdrawal['status'], string> = {
  pending: 'warning',
  paid: 'success',
  rejected: 'danger',
};

/** 提現紀錄: the user's withdrawal requests with their state. */
export function WithdrawalList({ version }: { version: number }) {
  const fetchPage = useCallback((page: number, pageSize: number) => getWithdrawals({ page, pageSize }), []);
  const list = usePagedList<Withdrawal, 'withdrawals'>(walletLists, 'withdrawals', fetchPage, PAGE_SIZE, [version]);
  return (
    <PagedFrame
      {...list}
      what="提現紀錄"
      endClassName="wallet-list-end"
      emptyText={{ title: '未有提現紀錄', description: '餘額達 HK$100 或以上即可申請提現。' }}
    >
      <ul className="wallet-list" aria-label="提現紀錄">
        {list.items.map((w) => (
          <li key={w.id} className="wallet-row">
            <span className="wallet-row-text">
              <span>
                {PAYOUT_METHOD_LABELS[w.method]} {w.accountNoMasked}
              </span>
              <small>
                {formatHkDateTime(w.createdAt)}
                {w.status === 'rejected' && w.reason ? `・原因：${w.reason}` : ''}
                {w.status === 'paid' && w.reference ? `・參考編號 ${w.reference}` : ''}
              </small>
            </span>
            <span className="wallet-row-side">
              <strong>{formatHkd(w.amount)}</strong>
              <Tag color={WITHDRAWAL_COLORS[w.status]}>{WITHDRAWAL_STATUS_LABELS[w.status]}</Tag>
            </span>
          </li>
        ))}
      </ul>
    </PagedFrame>
  );
}
