import type { PayOrder } from '../../../shared/schemas/pay-orders';
import { formatSerial } from '../../../shared/serial';
import type { PayOrderRow } from './pay-orders.repository';

const METHOD_LABELS: Record<PayOrderRow['provider'], string> = {
  stripe: '信用卡',
  sandbox: '模擬付款',
  balance: '錢包餘額',
};

/** An order as the API answers it; `provider` is the configured one, whose own label wins. */
export function payOrderView(o: PayOrderRow, provider: { name: string; methodLabel: string }): PayOrder {
  const f = o.fulfilment ?? {};
  return {
    orderNo: o.orderNo,
    type: o.type,
    status: o.status,
    itemId: o.cardInfoId ?? o.productId ?? o.listingId ?? '',
    itemName: o.itemName,
    itemImage: o.itemImage,
    quantity: o.quantity,
    unitPrice: o.unitPriceCents,
    listAmount: o.unitPriceCents * o.quantity,
    discount: o.discountCents,
    perk: o.perk ? { title: o.perk.title, cardName: o.perk.cardName, saving: o.discountCents } : null,
    amount: o.amountCents,
    currency: 'HKD',
    provider: o.provider,
    paymentMethod: o.provider === provider.name ? provider.methodLabel : METHOD_LABELS[o.provider],
    payUrl: o.status === 'pending' ? o.payUrl : null,
    expiresAt: o.expiresAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
    createdAt: o.createdAt.toISOString(),
    note: o.note,
    cards: (f.cards ?? []).map((c) => ({ ...c, serialText: formatSerial(c.serial, c.editionSize) })),
    goods: f.goods ?? [],
  };
}
