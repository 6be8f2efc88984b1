import { useState } from 'react';
import { Button, Dialog, Toast } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { formatHkd } from '../../../../shared/money';
import { serialInRange } from '../../../../shared/serial';
import { marketFee, type ConsignableItem } from '../../../../shared/schemas/market';
import { getMarketDetail } from '../../../api/get-market-detail';
import { isFailure } from '../../../lib/request';
import { useLoad } from '../../../lib/use-load';
import { confirmOrder } from '../api/confirm-order';
import { SELL_TYPE } from '../../../../shared/market-labels';

/**
 * 「以最高出價 HK$140 即時賣出」: fills the best buy listing of someone else for the picked item at once
 * (market/confirmOrder with the price shown: a bid repriced meanwhile is refused, not filled at another price).
 */
export function SellNow({ item }: { item: ConsignableItem }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const target = item.kind === 'card' ? { cardInfoId: item.cardInfoId! } : { productId: item.productId! };
  const bids = useLoad(
    async () => (item.highestBid === null ? null : getMarketDetail({ ...target, sell_type: SELL_TYPE.buy })),
    [item.itemId, item.highestBid],
  );
  const best =
    bids.status === 'ready' && bids.data
      ? (bids.data.listings.find((l) => !l.mine && l.status === 'active' && serialInRange(item.serial, l)) ?? null)
      : null;
  if (!best) return null;
  const sell = async () => {
    const { fee, proceeds } = marketFee(best.price);
    const sure = await Dialog.confirm({
      title: '即時賣出',
      content: `以 ${formatHkd(best.price)} 把「${item.itemName}${item.serialLabel ? ` ${item.serialLabel}` : ''}」賣給 ${best.user.nickname}？手續費 ${formatHkd(fee)}，你會收到 ${formatHkd(proceeds)}。`,
      confirmText: '確認賣出',
      cancelText: '再想想',
    });
    if (!sure) return;
    setBusy(true);
    const res = await confirmOrder(best.id, item.itemId, best.price);
    setBusy(false);
    if (isFailure(res)) {
      bids.reload();
      return;
    }
    Toast.show({ icon: 'success', content: `已成交，${formatHkd(res.proceeds)} 已存入你的錢包` });
    navigate(`/my/order?id=${encodeURIComponent(res.id)}`, { replace: true });
  };
  return (
    <Button block color="success" loading={busy} disabled={busy} onClick={() => void sell()}>
      以最高出價 {formatHkd(best.price)} 即時賣出
    </Button>
  );
}
