/**
 * The one way the web shows a time: Hong Kong time whatever the device's zone, in the product's
 * Chinese formats. Countdowns (durations, not times of day) are formatted here too. The browser's own
 * time-zone data (Intl) does the conversion: a date library with its zone plugins would be 5 KB of the
 * first screen.
 */
const HK_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Hong_Kong',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function hk(iso: string) {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return null;
  const p: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of HK_PARTS.formatToParts(when)) p[part.type] = part.value;
  return {
    date: `${Number(p.year)}年${Number(p.month)}月${Number(p.day)}日`,
    day: `${Number(p.month)}月${Number(p.day)}日`,
    time: `${p.hour}:${p.minute}`,
  };
}

/** 2026年1月5日 */
export const formatHkDate = (iso: string) => hk(iso)?.date ?? '';

/** 2026年1月5日 15:00 */
export function formatHkDateTime(iso: string): string {
  const t = hk(iso);
  return t ? `${t.date} ${t.time}` : '';
}

/** 1月5日 15:00: a time in the coming days, where the year goes without saying. */
export function formatHkDayTime(iso: string): string {
  const t = hk(iso);
  return t ? `${t.day} ${t.time}` : '';
}

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
