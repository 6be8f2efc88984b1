import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

/**
 * The one way the web shows a time: Hong Kong time whatever the device's zone, in the product's
 * Chinese formats. Countdowns (durations, not times of day) are formatted here too.
 */
dayjs.extend(utc);
dayjs.extend(timezone);

const HK = 'Asia/Hong_Kong';
const hk = (iso: string) => dayjs(iso).tz(HK);

/** 2026年1月5日 */
export const formatHkDate = (iso: string) => hk(iso).format('YYYY年M月D日');

/** 2026年1月5日 15:00 */
export const formatHkDateTime = (iso: string) => hk(iso).format('YYYY年M月D日 HH:mm');

/** 1月5日 15:00: a time in the coming days, where the year goes without saying. */
export const formatHkDayTime = (iso: string) => hk(iso).format('M月D日 HH:mm');

const pad = (n: number) => String(n).padStart(2, '0');

/** Time left as `2 日 03:04:05` or `03:04:05` (whole seconds, rounded down). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86400);
  const hms = `${pad(Math.floor((total % 86400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${days} 日 ${hms}` : hms;
}

/** Minutes and seconds left, as `14:59` (rounded up, so the last second still shows 00:01). */
export function formatMinutesLeft(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${pad(Math.floor(s / 60))}:${pad(s % 60)}`;
}
