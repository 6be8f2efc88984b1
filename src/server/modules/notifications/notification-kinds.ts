import { SELL_TYPE, type ListingSide } from '../../../shared/market-labels';
import { bidWantText } from '../../../shared/market-labels';
import { formatHkd } from '../../../shared/money';
import type { NotifyChannel } from '../../../shared/schemas/notifications';
import { payOrderReturnPath } from '../../../shared/routes';
import { OFFER_NOTIFICATION_KINDS, type OfferNotificationData } from './offer-notification-kinds';

/**
 * The one registry of notification kinds (issue 23, docs/decisions/034-notifications.md). Each kind names the
 * facts it is written from (its entry in `NotificationData`), its zh-HK label (shown on /my/notify and beside each
 * entry), the channels it may use besides the app and those on by default, and how its title, body and link are
 * made from the facts. A module adds a kind by adding both here; `notify(tx, userId, kind, data)` is then
 * type-checked against it.
 */
export interface NotificationData extends OfferNotificationData {
  payPaid: { orderNo: string; type: string; itemName: string; amountCents: number };
  payExpired: { orderNo: string; type: string; itemName: string };
  itemSold: { orderNo: string; itemName: string; priceCents: number; feeCents: number; proceedsCents: number };
  bidFilled: {
    side: 'buyer' | 'seller';
    listingId: string;
    itemName: string;
    priceCents: number;
    proceedsCents?: number;
    /** The bid's copies asked and filled with this fill (issue 44: the bidder is told how many are still wanted). */
    want?: { kind: 'card' | 'goods'; quantity: number; filled: number };
  };
  listingExpiring: { listingId: string; itemName: string; sellType: ListingSide; expiresAt: string };
  listingExpired: { listingId: string; itemName: string; sellType: ListingSide };
  listingRemoved: { listingId: string; itemName: string; sellType: ListingSide; reason: string };
  marketOrderCancelled: { orderNo: string; listingId: string; itemName: string; reason: 'buyer' | 'expired' };
  shipmentPacked: { shipmentId: string; orderNo: string };
  shipmentShipped: { shipmentId: string; orderNo: string; carrier: string; trackingNo: string };
  shipmentDelivered: { shipmentId: string; orderNo: string };
  withdrawalPaid: { withdrawalId: string; amountCents: number };
  withdrawalRejected: { withdrawalId: string; amountCents: number; reason: string };
  identityRevoked: { reason: string };
  refundIssued: { orderNo: string; amountCents: number; toBalance: boolean };
  /** An operator refunded part or all of a paid mall order (decision 050); `returned` units went back. */
  orderRefunded: {
    orderNo: string;
    itemName: string;
    amountCents: number;
    reason: string;
    toBalance: boolean;
    returned: number;
  };
  // Written by later changes (issue 23's price alerts, drops and sets); registered so /my/notify lists them.
  /** `productId` names a card info when `itemKind` is `card` (a card drop); a product otherwise. */
  dropStarting: { productId: string; itemKind?: 'card' | 'goods'; name: string; startsAt: string };
  priceAlert: { itemKind: 'card' | 'goods'; itemId: string; name: string; priceCents: number; side: 'ask' | 'bid' };
  setCompletable: { themeId: string; name: string; missing: number };
}
export type NotificationKind = keyof NotificationData;

export interface Rendered {
  title: string;
  body: string;
  link: string | null;
}

export interface KindSpec<D> {
  label: string;
  /** Channels besides the app this kind may use. */
  allowed: readonly NotifyChannel[];
  /** Of those, the ones on until the user says otherwise. */
  defaults: readonly NotifyChannel[];
  render(data: D): Rendered;
}

const PUSH = ['push'] as const;
const PUSH_SMS = ['push', 'sms'] as const;
const desk = (side: ListingSide, view: 'open' | 'ended') => `/my/market?side=${side}&view=${view}`;
const listingWord = (side: ListingSide) => (side === 'sell' ? '掛單' : '求購');

export const NOTIFICATION_KINDS: { [K in NotificationKind]: KindSpec<NotificationData[K]> } = {
  payPaid: {
    label: '付款成功',
    allowed: PUSH,
    defaults: PUSH,
    render: (d) => ({
      title: '付款成功',
      body: `訂單 ${d.orderNo}（${d.itemName}）已收到付款 ${formatHkd(d.amountCents)}`,
      link: payOrderReturnPath(d),
    }),
  },
  payExpired: {
    label: '訂單逾期',
    allowed: PUSH,
    defaults: [],
    render: (d) => ({
      title: '訂單已逾期',
      body: `訂單 ${d.orderNo}（${d.itemName}）未於時限內付款，已自動取消`,
      link: payOrderReturnPath(d),
    }),
  },
  itemSold: {
    label: '已售出',
    allowed: PUSH_SMS,
    defaults: PUSH,
    render: (d) => ({
      title: '已售出',
      body: `${d.itemName} 以 ${formatHkd(d.priceCents)} 售出，扣除手續費 ${formatHkd(d.feeCents)} 後實收 ${formatHkd(d.proceedsCents)}`,
      link: desk('sell', 'ended'),
    }),
  },
  bidFilled: {
    label: '求購成交',
    allowed: PUSH,
    defaults: PUSH,
    render: (d) =>
      d.side === 'buyer'
        ? {
            title: '求購已成交',
            body: `你以 ${formatHkd(d.priceCents)} 求購的 ${d.itemName} 已成交${d.want ? `（${bidWantText(d.want)}）` : ''}，已加入你的收藏`,
            link: desk('buy', 'ended'),
          }
        : {
            title: '求購已成交',
            body: `你以 ${formatHkd(d.priceCents)} 賣出 ${d.itemName}，實收 ${formatHkd(d.proceedsCents ?? d.priceCents)}`,
            link: '/my/payment',
          },
  },
  listingExpiring: {
    label: '掛單即將到期',
    allowed: PUSH,
    defaults: PUSH,
    render: (d) => ({
      title: `${listingWord(d.sellType)}即將到期`,
      body: `${d.itemName} 的${listingWord(d.sellType)}將於 24 小時內到期`,
      link: desk(d.sellType, 'open'),
    }),
  },
  listingExpired: {
    label: '掛單已到期',
    allowed: PUSH,
    defaults: [],
    render: (d) => ({
      title: `${listingWord(d.sellType)}已到期`,
      body:
        d.sellType === 'sell'
          ? `${d.itemName} 的掛單已到期，物品已回到你的收藏`
          : `${d.itemName} 的求購已到期，預付款已退回你的餘額`,
      link: desk(d.sellType, 'ended'),
    }),
  },
  listingRemoved: {
    label: '掛單被下架',
    allowed: PUSH,
    defaults: PUSH,
    render: (d) => ({
      title: `${listingWord(d.sellType)}已被下架`,
      body: `${d.itemName} 的${listingWord(d.sellType)}已被平台下架。原因：${d.reason}`,
      link: desk(d.sellType, 'ended'),
    }),
  },
  marketOrderCancelled: {
    label: '市場訂單取消',
    allowed: PUSH,
    defaults: [],
    render: (d) => ({
      title: '市場訂單已取消',
      body: `買家${d.reason === 'expired' ? '未於時限內付款' : '取消了訂單'}（${d.orderNo}），${d.itemName} 的掛單已重新上架`,
      link: desk('sell', 'open'),
    }),
  },
  shipmentPacked: {
    label: '已包裝',
    allowed: PUSH,
    defaults: [],
    render: (d) => ({
      title: '已包裝',
      body: `提貨訂單 ${d.orderNo} 已包裝，等待發貨`,
      link: `/my/logistics?id=${encodeURIComponent(d.shipmentId)}`,
    }),
  },
  shipmentShipped: {
    label: '已發貨',
    allowed: PUSH_SMS,
    defaults: PUSH,
    render: (d) => ({
      title: '已發貨',
      body: `提貨訂單 ${d.orderNo} 已由 ${d.carrier} 發貨，追蹤編號 ${d.trackingNo}`,
      link: `/my/logistics?id=${encodeURIComponent(d.shipmentId)}`,
    }),
  },
  shipmentDelivered: {
    label: '已送達',
    allowed: PUSH,
    defaults: PUSH,
    render: (d) => ({
      title: '已送達',
      body: `提貨訂單 ${d.orderNo} 已送達`,
      link: `/my/logistics?id=${encodeURIComponent(d.shipmentId)}`,
    }),
  },
  withdrawalPaid: {
    label: '提款已完成',
    allowed: PUSH,
    defaults: PUSH,
    render: (d) => ({
      title: '提款已完成',
      body: `提款 ${formatHkd(d.amountCents)} 已轉賬至你的收款帳戶`,
      link: '/my/payment',
    }),
  },
  withdrawalRejected: {
    label: '提款被拒',
    allowed: PUSH,
    defaults: PUSH,
    render: (d) => ({
      title: '提款被拒',
      body: `提款 ${formatHkd(d.amountCents)} 未獲批准，款項已退回你的餘額。原因：${d.reason}`,
      link: '/my/payment',
    }),
  },
  identityRevoked: {
    label: '實名認證撤銷',
    allowed: PUSH,
    defaults: PUSH,
    render: (d) => ({ title: '實名認證已被撤銷', body: `原因：${d.reason}`, link: '/my/verify' }),
  },
  refundIssued: {
    label: '已退款',
    allowed: PUSH,
    defaults: PUSH,
    render: (d) => ({
      title: '已退款',
      body: `訂單 ${d.orderNo} 已退款 ${formatHkd(d.amountCents)}${d.toBalance ? '至你的餘額' : '至原付款方式'}`,
      link: d.toBalance ? '/my/payment' : null,
    }),
  },
  orderRefunded: {
    label: '訂單退款',
    allowed: PUSH,
    defaults: PUSH,
    render: (d) => ({
      title: '訂單已退款',
      body:
        `訂單 ${d.orderNo}（${d.itemName}）已退款 ${formatHkd(d.amountCents)}` +
        (d.toBalance ? '，款項已存入你的錢包餘額' : '，款項將退回原付款方式') +
        (d.returned > 0 ? `；${d.returned} 件物品已由平台收回` : '') +
        `。原因：${d.reason}`,
      link: `/my/order?orderNo=${encodeURIComponent(d.orderNo)}`,
    }),
  },
  dropStarting: {
    label: '關注的發售即將開始',
    allowed: PUSH,
    defaults: PUSH,
    render: (d) => ({
      title: '發售即將開始',
      body: `${d.name} 將於 10 分鐘後開售`,
      link: `/mall/${d.itemKind === 'card' ? 'detail' : 'goodsDetail'}?id=${encodeURIComponent(d.productId)}`,
    }),
  },
  priceAlert: {
    label: '價格提醒',
    allowed: PUSH,
    defaults: PUSH,
    render: (d) => ({
      title: '價格提醒',
      body: `${d.name} 現有${d.side === 'ask' ? '賣單' : '求購'} ${formatHkd(d.priceCents)}`,
      link: `/market/detail?${d.itemKind === 'card' ? 'cardInfoId' : 'productId'}=${encodeURIComponent(d.itemId)}${d.side === 'bid' ? `&sell_type=${SELL_TYPE.buy}` : ''}`,
    }),
  },
  setCompletable: {
    label: '可集齊套組',
    allowed: PUSH,
    defaults: [],
    render: (d) => ({
      title: '可集齊套組',
      body: `${d.name} 尚欠 ${d.missing} 張，市場上現可全部買齊`,
      link: `/my/theme?id=${encodeURIComponent(d.themeId)}`,
    }),
  },
  ...OFFER_NOTIFICATION_KINDS,
};

export const KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

export function isKind(kind: string): kind is NotificationKind {
  return Object.hasOwn(NOTIFICATION_KINDS, kind);
}

/** The label of a stored kind (a kind no longer registered keeps a plain one). */
export const labelOf = (kind: string) => (isKind(kind) ? NOTIFICATION_KINDS[kind].label : '通知');
