import { List } from 'antd-mobile';
import { formatHkd } from '../../../../shared/money';
import { usedPerkText, type AppliedPerk, type UsedPerk } from '../../../../shared/schemas/perks';

/** 原價, 持卡優惠 −HK$79.80 (the perk and the card that grants it) and 應付: an order's price with its perk (decision 029). */
export function PriceBreakdown({
  listAmount,
  perk,
  amount,
}: {
  listAmount: number;
  perk: AppliedPerk;
  amount: number;
}) {
  return (
    <>
      <List.Item extra={formatHkd(listAmount)}>原價</List.Item>
      <List.Item
        className="checkout-perk"
        description={`${perk.title}・${perk.cardName}`}
        extra={<span className="checkout-saving">−{formatHkd(perk.saving)}</span>}
      >
        持卡優惠
      </List.Item>
      <List.Item extra={<strong className="checkout-total">{formatHkd(amount)}</strong>}>應付（港幣）</List.Item>
    </>
  );
}

/** 持卡優惠 used up for its period: named with 「本月已使用」 instead of vanishing from the pay screen (issue 44). */
export function UsedPerkItem({ used }: { used: UsedPerk }) {
  return (
    <List.Item className="checkout-perk" description={`${used.title}・${used.cardName}`} extra={usedPerkText(used)}>
      持卡優惠
    </List.Item>
  );
}
