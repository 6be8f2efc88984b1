import { useState } from 'react';
import { Button, Dialog, Toast } from 'antd-mobile';
import { Link } from 'react-router';
import { formatHkd } from '../../../../shared/money';
import { serialInRange } from '../../../../shared/serial';
import { bidWantText, marketFee, type ConsignableItem, type Listing } from '../../../../shared/schemas/market';
import { getWallet } from '../../../api/get-wallet';
import { sellingBlock } from '../../../components/selling-gate';
import { EmptyState, ErrorState, LoadingState } from '../../../components/state-views';
import { isFailure } from '../../../lib/request';
import { useLoad } from '../../../lib/use-load';
import { confirmOrder } from '../api/confirm-order';
import { listConsignable } from '../api/consignable';
import { ItemPicks } from './item-picks';
import { FeeSummary } from './price-input';
import { TradeGate } from './trade-gate';

/** Whether an eligible item matches what a buy listing asks for (a card also within its serial range). */
const matches = (item: ConsignableItem, bid: Listing) =>
  bid.kind === 'card'
    ? item.cardInfoId === bid.cardInfoId && serialInRange(item.serial, bid)
    : item.productId === bid.productId;

/** 賣給他: pick one of the user's matching items, see fee and proceeds, confirm (market/confirmOrder). */
export function SellIntoBid({ bid, onDone, onClose }: { bid: Listing; onDone: () => void; onClose: () => void }) {
  // The wallet first: without verification or a payout account the sheet says so, before any item is picked.
  const wallet = useLoad(getWallet, []);
  const state = useLoad(async () => {
    const all: ConsignableItem[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const res = await listConsignable({ kind: bid.kind, page, pageSize: 50 });
      if (isFailure(res)) return res;
      all.push(...res.filter((i) => matches(i, bid)));
      if (res.length < 50) break;
    }
    return all;
  }, [bid.id]);
  const [picked, setPicked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { fee, proceeds } = marketFee(bid.price);

  if (wallet.status === 'loading' || state.status === 'loading')
    return <LoadingState label="正在載入你可出售的物品…" />;
  if (wallet.status === 'error') return <ErrorState title="未能載入你的錢包" onRetry={wallet.reload} />;
  if (sellingBlock(wallet.data))
    return (
      <>
        <TradeGate wallet={wallet.data} mode="sell" />
        <Button block fill="none" onClick={onClose}>
          關閉
        </Button>
      </>
    );
  if (state.status === 'error') return <ErrorState title="未能載入你的物品" onRetry={state.reload} />;
  const items = state.data;
  if (items.length === 0) {
    return (
      <EmptyState
        title="你沒有可賣給他的物品"
        description={
          <>
            需要持有「{bid.itemName}」{bid.serialRange ? `（序號 ${bid.serialRange}）` : ''}，而且未掛單、不在買入後 24
            小時內。可到<Link to="/my/collection">我的收藏</Link>
            查看。
          </>
        }
        action={<Button onClick={onClose}>關閉</Button>}
      />
    );
  }
  const sell = async () => {
    const item = items.find((i) => i.itemId === picked);
    if (!item) return;
    const sure = await Dialog.confirm({
      title: '確認賣出',
      content: `以 ${formatHkd(bid.price)} 把「${item.itemName}${item.serialLabel ? ` ${item.serialLabel}` : ''}」賣給 ${bid.user.nickname}？手續費 ${formatHkd(fee)}，你會收到 ${formatHkd(proceeds)}。`,
      confirmText: '確認賣出',
      cancelText: '再想想',
    });
    if (!sure) return;
    setBusy(true);
    const res = await confirmOrder(bid.id, item.itemId, bid.price);
    setBusy(false);
    if (isFailure(res)) return;
    Toast.show({ icon: 'success', content: `已成交，${formatHkd(res.proceeds)} 已存入你的錢包` });
    onDone();
  };
  return (
    <div className="market-filter-panel">
      <h2 className="market-section-title">選擇要賣出的{bid.kind === 'card' ? '卡牌' : '物品'}</h2>
      <p className="market-want">
        {bid.user.nickname}
        {bidWantText(bid)}，每{bid.kind === 'card' ? '張' : '件'}出價 {formatHkd(bid.price)}
      </p>
      <ItemPicks
        name="bid-item"
        label="你可賣出的物品"
        items={items}
        picked={picked}
        onPick={setPicked}
        title={(i) => i.itemName}
        sub={(i) => i.serialLabel ?? '物品'}
      />
      <FeeSummary cents={bid.price} label="賣出金額" priceLabel="出價" proceedsLabel="你會收到" />
      <Button block color="primary" size="large" disabled={!picked || busy} loading={busy} onClick={sell}>
        賣給他
      </Button>
      <Button block fill="none" onClick={onClose}>
        取消
      </Button>
    </div>
  );
}
