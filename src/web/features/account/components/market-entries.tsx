import { useState } from 'react';
import { List } from 'antd-mobile';
import {
  AddSquareOutline,
  BankcardOutline,
  BellOutline,
  HeartOutline,
  HistogramOutline,
  SetOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import { formatHkd } from '../../../../shared/money';
import type { Wallet } from '../../../../shared/schemas/wallet';
import { LinkItem } from '../../../components/link-item';
import { useLiveUser } from '../../../lib/live-hooks';
import { isFailure } from '../../../lib/request';
import { useLoad } from '../../../lib/use-load';
import { getWallet } from '../../../api/get-wallet';

/**
 * The wallet as /my shows it: loaded with the screen, then asked again whenever a notification arrives on the live
 * stream (a sale, a filled bid, a payment: the bell's event), so the balance moves with the bell instead of staying
 * at its first answer (issue 44). The figure shown stays until the new one is in.
 */
function useLiveWallet() {
  const first = useLoad(getWallet, []);
  const [fresh, setFresh] = useState<Wallet | null>(null);
  useLiveUser((e) => {
    if (e.type !== 'notification') return;
    void getWallet().then((res) => {
      if (!isFailure(res)) setFresh(res);
    });
  });
  return fresh ? { status: 'ready' as const, data: fresh } : first;
}

/** The market's entries on /my: the wallet with its balance, real-name verification, posting a listing, the trader's desk, the watchlist and the notification centre. */
export function MarketEntries() {
  const wallet = useLiveWallet();
  const balance =
    wallet.status === 'ready' ? formatHkd(wallet.data.balance) : wallet.status === 'loading' ? '…' : '未能載入';
  const verified = wallet.status === 'ready' ? (wallet.data.verified ? '已認證' : '未認證') : undefined;
  return (
    <nav aria-label="市場及錢包">
      <List className="section-list">
        <LinkItem to="/my/payment" prefix={<BankcardOutline aria-hidden="true" />} extra={balance}>
          錢包及收款
        </LinkItem>
        <LinkItem to="/my/verify" prefix={<UserContactOutline aria-hidden="true" />} extra={verified}>
          實名認證
        </LinkItem>
        <LinkItem to="/my/market" prefix={<HistogramOutline aria-hidden="true" />}>
          我的市場（掛單及求購）
        </LinkItem>
        <LinkItem to="/my/watchlist" prefix={<HeartOutline aria-hidden="true" />}>
          關注清單
        </LinkItem>
        <LinkItem to="/my/notifications" prefix={<BellOutline aria-hidden="true" />}>
          通知
        </LinkItem>
        <LinkItem to="/my/notify" prefix={<SetOutline aria-hidden="true" />}>
          通知設定
        </LinkItem>
        <LinkItem to="/market/sell" prefix={<AddSquareOutline aria-hidden="true" />}>
          出售 / 求購
        </LinkItem>
      </List>
    </nav>
  );
}
