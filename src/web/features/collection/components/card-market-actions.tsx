import { useState } from 'react';
import { Button, Dialog, Toast } from 'antd-mobile';
import { useNavigate } from 'react-router';
import type { CardDetail } from '../../../../shared/schemas/collection';
import { formatHkd } from '../../../../shared/money';
import { isFailure } from '../../../lib/request';
import { cancelListing } from '../../../api/cancel-listing';
import { findActiveListing } from '../api/my-listing';

/** 出售 for a held card (to /market/sell with it chosen), 取消掛單 for a listed one. */
export function CardMarketActions({ card, onChanged }: { card: CardDetail; onChanged: () => void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!card.mine) return null;
  if (card.status === 'held') {
    return (
      <Button
        block
        color="primary"
        onClick={() => navigate(`/market/sell?kind=card&itemId=${encodeURIComponent(card.id)}`)}
      >
        出售
      </Button>
    );
  }
  if (card.status !== 'listed') return null;
  const cancel = async () => {
    setBusy(true);
    const listing = await findActiveListing(card.id);
    setBusy(false);
    if (isFailure(listing)) return;
    if (!listing) {
      Toast.show({ content: '找不到這張卡的掛單，可能剛剛已成交或取消' });
      onChanged();
      return;
    }
    const sure = await Dialog.confirm({
      'aria-label': '取消掛單',
      content: `確定取消 ${formatHkd(listing.price)} 的出售掛單？卡牌會回到你的收藏。`,
      confirmText: '取消掛單',
      cancelText: '保留',
    });
    if (!sure) return;
    setBusy(true);
    const res = await cancelListing(listing.id);
    setBusy(false);
    if (isFailure(res)) return;
    Toast.show({ icon: 'success', content: '掛單已取消' });
    onChanged();
  };
  return (
    <Button block color="danger" fill="outline" loading={busy} disabled={busy} onClick={cancel}>
      取消掛單
    </Button>
  );
}
