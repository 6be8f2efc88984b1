import { useState } from 'react';
import { Button, Dialog, Toast } from 'antd-mobile';
import { useNavigate } from 'react-router';
import type { PayOrder } from '../../../../shared/schemas/pay-orders';
import { exchangeBCard } from '../../../api/exchange-b-card';
import { isFailure } from '../../../lib/request';

/** After a paid `set` order (一鍵補齊, decision 042): the theme is complete, so 兌換 B 卡 is offered at once. */
export function SetExchangeOffer({ order }: { order: PayOrder }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const onExchange = async () => {
    const sure = await Dialog.confirm({
      'aria-label': '兌換 B 卡',
      title: '兌換 B 卡',
      content: '兌換後，卡冊內每款卡牌會各消耗一張（序號最小的一張），不能復原。每個卡冊只可兌換一次。',
      confirmText: '確認兌換',
      cancelText: '稍後再說',
    });
    if (!sure) return;
    setBusy(true);
    const result = await exchangeBCard(order.itemId);
    setBusy(false);
    if (isFailure(result)) return;
    Toast.show({ icon: 'success', content: `兌換成功，獲得「${result.bCard.name}」${result.bCard.serialLabel}` });
    navigate('/my/theme?status=1');
  };
  return (
    <Button block color="primary" size="large" loading={busy} onClick={onExchange}>
      兌換 B 卡
    </Button>
  );
}
