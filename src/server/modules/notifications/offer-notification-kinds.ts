import { formatHkd } from '../../../shared/money';
import type { KindSpec } from './notification-kinds';

/** The offers' kinds (issue 24), part of the one registry (notification-kinds.ts). `side` is the reader's. */
export interface OfferNotificationData {
  offerReceived: { offerId: string; itemName: string; priceCents: number };
  offerCountered: { offerId: string; itemName: string; priceCents: number; side: 'buyer' | 'seller' };
  offerAccepted: {
    offerId: string;
    itemName: string;
    priceCents: number;
    side: 'buyer' | 'seller';
    proceedsCents?: number;
  };
  offerDeclined: {
    offerId: string;
    itemName: string;
    priceCents: number;
    reason: 'owner' | 'buyer' | 'sold' | 'unavailable';
  };
  offerExpired: { offerId: string; itemName: string; side: 'buyer' | 'seller' };
}

const offerLink = (offerId: string) => `/my/collection/order?tab=offer&id=${encodeURIComponent(offerId)}`;
const declinedWhy = {
  owner: '物主拒絕了',
  sold: '物品已售予他人，已結束',
  unavailable: '物品已不能交易，已結束',
};

export const OFFER_NOTIFICATION_KINDS: { [K in keyof OfferNotificationData]: KindSpec<OfferNotificationData[K]> } = {
  offerReceived: {
    label: '收到出價',
    allowed: ['push'],
    defaults: ['push'],
    render: (d) => ({
      title: '收到出價',
      body: `有人以 ${formatHkd(d.priceCents)} 出價購買 ${d.itemName}`,
      link: offerLink(d.offerId),
    }),
  },
  offerCountered: {
    label: '出價還價',
    allowed: ['push'],
    defaults: ['push'],
    render: (d) => ({
      title: d.side === 'buyer' ? '物主還價' : '買家還價',
      body: `${d.itemName} 的出價改為 ${formatHkd(d.priceCents)}，請回覆`,
      link: offerLink(d.offerId),
    }),
  },
  offerAccepted: {
    label: '出價成交',
    allowed: ['push'],
    defaults: ['push'],
    render: (d) => ({
      title: '出價已成交',
      body:
        d.side === 'buyer'
          ? `你以 ${formatHkd(d.priceCents)} 買入 ${d.itemName}，已加入你的收藏`
          : `你以 ${formatHkd(d.priceCents)} 賣出 ${d.itemName}，實收 ${formatHkd(d.proceedsCents ?? d.priceCents)}`,
      link: offerLink(d.offerId),
    }),
  },
  offerDeclined: {
    label: '出價被拒',
    allowed: ['push'],
    defaults: ['push'],
    render: (d) => ({
      title: '出價已結束',
      body:
        d.reason === 'buyer'
          ? `買家拒絕了你對 ${d.itemName} 的還價 ${formatHkd(d.priceCents)}`
          : `${declinedWhy[d.reason]}${d.itemName} 的 ${formatHkd(d.priceCents)} 出價，預付款已退回你的餘額`,
      link: offerLink(d.offerId),
    }),
  },
  offerExpired: {
    label: '出價過期',
    allowed: ['push'],
    defaults: [],
    render: (d) => ({
      title: '出價已過期',
      body: d.side === 'buyer' ? `${d.itemName} 的出價已過期，預付款已退回你的餘額` : `${d.itemName} 收到的出價已過期`,
      link: offerLink(d.offerId),
    }),
  },
};
