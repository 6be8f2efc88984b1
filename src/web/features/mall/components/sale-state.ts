import type { SaleState } from '../../../../shared/schemas/catalogue';
import { formatHkDayTime } from '../../../../shared/hk-time';

export interface SaleItem {
  saleState: SaleState;
  saleStartsAt: string | null;
  saleEndsAt: string | null;
  left: number;
  /** When holders of a priority right may buy, before the public start (decision 029); null for none. */
  priorityStartsAt?: string | null;
}

/** Upcoming, but inside the priority window: holders may buy, everyone else sees 持卡人優先購買中. */
export function inPriorityWindow(item: SaleItem, state: SaleState, now: number): boolean {
  return state === 'upcoming' && !!item.priorityStartsAt && Date.parse(item.priorityStartsAt) <= now;
}

/**
 * The state as of `now`: the server's answer, moved on when a start or end time passes while the
 * screen stays open (the server decides again at payOrder/create).
 */
export function liveState(item: SaleItem, now: number): SaleState {
  const start = item.saleStartsAt ? Date.parse(item.saleStartsAt) : null;
  const end = item.saleEndsAt ? Date.parse(item.saleEndsAt) : null;
  let state = item.saleState;
  if (state === 'upcoming' && start !== null && start <= now) state = item.left > 0 ? 'on_sale' : 'sold_out';
  if ((state === 'on_sale' || state === 'sold_out') && end !== null && end <= now) state = 'ended';
  return state;
}

/** Why 立即購買 is not available, or null when it is. */
export function notBuyableReason(
  item: SaleItem & { isBCard?: boolean },
  state: SaleState,
  now = Date.now(),
): string | null {
  // Holders buy in the window; the server tells anyone else (持卡人優先購買中) when they try.
  if (inPriorityWindow(item, state, now)) return null;
  switch (state) {
    case 'on_sale':
      return null;
    case 'upcoming':
      return item.saleStartsAt ? `將於 ${formatHkDayTime(item.saleStartsAt)} 開售` : '即將開售';
    case 'sold_out':
      return '已售罄，可到市場看看其他收藏家的寄售';
    case 'ended':
      return '發售已結束，可到市場看看其他收藏家的寄售';
    case 'not_for_sale':
      return item.isBCard ? '此為 B 卡，集齊整套卡冊即可兌換' : '此卡不設商城發售，可透過兌換碼取得';
  }
}
