/**
 * The one way Trove reads a time as Hong Kong time, whatever the device's or the server's zone: the
 * product's Chinese formats (web, back office and server messages), Hong Kong calendar days (order numbers,
 * the dashboard) and countdowns. Hong Kong has kept UTC+8 all year since 1979, so an instant's Hong Kong wall clock
 * is the instant moved by 8 hours and read as UTC: no date library (5 KB of the web's first screen), and no Intl
 * either, whose first formatter costs a page about 70 ms of one task while the platform loads its locale data (on a
 * fast desktop; about 280 ms at Lighthouse's 4× slowdown; decision 035).
 */
/** Hong Kong's IANA time zone, for what takes a zone by name (the charts' uPlot). */
export const HK_TIME_ZONE = 'Asia/Hong_Kong';

const DAY_MS = 86_400_000;
/** Hong Kong has kept UTC+8 all year since 1979. */
const HK_OFFSET_MS = 8 * 3_600_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant's Hong Kong calendar date and wall clock. */
function parts(when: Date) {
  const hk = new Date(when.getTime() + HK_OFFSET_MS);
  return {
    year: hk.getUTCFullYear(),
    month: hk.getUTCMonth() + 1,
    day: hk.getUTCDate(),
    hour: pad(hk.getUTCHours()),
    minute: pad(hk.getUTCMinutes()),
  };
}

function hk(at: string | Date) {
  const when = new Date(at);
  if (Number.isNaN(when.getTime())) return null;
  const p = parts(when);
  return {
    date: `${p.year}年${p.month}月${p.day}日`,
    day: `${p.month}月${p.day}日`,
    time: `${p.hour}:${p.minute}`,
  };
}

/** 2026年1月5日 */
export const formatHkDate = (iso: string | Date) => hk(iso)?.date ?? '';

/** 2026年1月5日 15:00 */
export function formatHkDateTime(iso: string | Date): string {
  const t = hk(iso);
  return t ? `${t.date} ${t.time}` : '';
}

/** 15:00 */
export const formatHkTime = (iso: string | Date) => hk(iso)?.time ?? '';

/** 2026-01-05 15:00: the back office's tables (numeric, sorts as text); `—` for no time. */
export function formatHkTimestamp(iso: string | Date | null | undefined): string {
  const when = iso ? new Date(iso) : null;
  if (!when || Number.isNaN(when.getTime())) return '—';
  const p = parts(when);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${p.hour}:${p.minute}`;
}

/** 1月5日 15:00: a time in the coming days, where the year goes without saying. */
export function formatHkDayTime(iso: string | Date): string {
  const t = hk(iso);
  return t ? `${t.day} ${t.time}` : '';
}

/**
 * Time left as `2 日 03:04:05` or `03:04:05` (whole seconds, rounded down). `short` leaves out the seconds while
 * a day or more is left (`2 日 03:04`), for a badge in a narrow tile.
 */
export function formatCountdown(ms: number, { short = false }: { short?: boolean } = {}): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86400);
  const hm = `${pad(Math.floor((total % 86400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}`;
  if (days === 0) return `${hm}:${pad(total % 60)}`;
  return short ? `${days} 日 ${hm}` : `${days} 日 ${hm}:${pad(total % 60)}`;
}

/** Minutes and seconds left, as `14:59` (rounded up, so the last second still shows 00:01). */
export function formatMinutesLeft(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${pad(Math.floor(s / 60))}:${pad(s % 60)}`;
}

/** The Hong Kong calendar date of an instant as `yymmdd` (order and shipment numbers). */
export function hkYymmdd(at: Date): string {
  const p = parts(at);
  return `${pad(p.year % 100)}${pad(p.month)}${pad(p.day)}`;
}

/** The Hong Kong calendar days ending with the one `now` is in, oldest first (`2026-11-22`), and the instant the first starts. */
export function hkDays(now: Date, days: number): { dates: string[]; since: Date } {
  const todayStartHk = Math.floor((now.getTime() + HK_OFFSET_MS) / DAY_MS) * DAY_MS;
  const dates = Array.from({ length: days }, (_, i) =>
    new Date(todayStartHk - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
  return { dates, since: new Date(todayStartHk - (days - 1) * DAY_MS - HK_OFFSET_MS) };
}

/**
 * An instant's Hong Kong wall clock without a zone, `2026-01-05T07:30:00.000` ('' for a time it cannot read):
 * the back office's date pickers and calendar hold these, so what an operator sees and picks is Hong Kong time
 * in any browser. The fixed offset keeps seconds and milliseconds, so a value that is read and saved unchanged
 * stays the same instant.
 */
export function hkWallClock(at: string | Date): string {
  const ms = new Date(at).getTime();
  return Number.isNaN(ms) ? '' : new Date(ms + HK_OFFSET_MS).toISOString().slice(0, 23);
}

/** The instant a Hong Kong wall clock (`2026-01-05T07:30` or `2026-01-05T07:30:00.000`) stands for. */
export const fromHkWallClock = (wall: string): Date => new Date(Date.parse(`${wall}Z`) - HK_OFFSET_MS);

/** The Hong Kong calendar month an instant is in, `2026-11` (a monthly perk's period). */
export function hkMonth(at: Date): string {
  const p = parts(at);
  return `${p.year}-${pad(p.month)}`;
}
