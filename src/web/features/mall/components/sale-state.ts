import { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import type { SaleState } from '../../../../shared/schemas/catalogue';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface SaleItem {
  saleState: SaleState;
  saleStartsAt: string | null;
  saleEndsAt: string | null;
  left: number;
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

/** Time left as `2 日 03:04:05` or `03:04:05`. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hms = `${pad(Math.floor((total % 86400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${days} 日 ${hms}` : hms;
}

/** An ISO time as Hong Kong time: 11月22日 15:00. */
export function formatHkTime(iso: string): string {
  return dayjs(iso).tz('Asia/Hong_Kong').format('M月D日 HH:mm');
}

/** Why 立即購買 is not available, or null when it is. */
export function notBuyableReason(item: SaleItem & { isBCard?: boolean }, state: SaleState): string | null {
  switch (state) {
    case 'on_sale':
      return null;
    case 'upcoming':
      return item.saleStartsAt ? `將於 ${formatHkTime(item.saleStartsAt)} 開售` : '即將開售';
    case 'sold_out':
      return '已售罄，可到市場看看其他收藏家的寄售';
    case 'ended':
      return '發售已結束，可到市場看看其他收藏家的寄售';
    case 'not_for_sale':
      return item.isBCard ? '此為 B 卡，集齊整套卡冊即可兌換' : '此卡不設商城發售，可透過兌換碼取得';
  }
}

/** The current time, ticking every second while `active` (for countdowns). */
export function useNow(active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}
