import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { formatHkTimestamp, fromHkWallClock, hkWallClock } from '../../../shared/hk-time';
import { formatHkd } from '../../../shared/money';

export { formatHkd };

/** An ISO time as the operator reads it, `2026-01-05 15:00` in Hong Kong time whatever the browser's zone. */
export const formatTime = (iso: string | null | undefined): string => formatHkTimestamp(iso);

/** A time's label says whose clock it is: `開售時間（香港時間）`. Every time in the back office is Hong Kong time. */
export const hkLabel = (label: string): string => `${label}（香港時間）`;

/*
 * antd's DatePicker works on Dayjs values in the browser's zone. Ours hold Hong Kong wall-clock time, so an
 * operator sees and picks Hong Kong time anywhere (src/shared/hk-time.ts converts; dayjs only counts days).
 */

/** Form value (a Hong Kong wall clock from a DatePicker) → ISO-8601 UTC for the API; empty → null. */
export const toIso = (value: Dayjs | null | undefined): string | null =>
  value ? fromHkWallClock(value.format('YYYY-MM-DDTHH:mm:ss.SSS')).toISOString() : null;

/** ISO from the API → DatePicker value (its Hong Kong wall clock). */
export const fromIso = (iso: string | null | undefined): Dayjs | null => (iso ? dayjs(hkWallClock(iso)) : null);

/** Now, as a Hong Kong wall clock (today's date in Hong Kong for calendars). */
export const hkNow = (): Dayjs => dayjs(hkWallClock(new Date()));

/** The Hong Kong calendar day of an instant, `2026-01-05` (to compare with a calendar's Dayjs day). */
export const hkDay = (iso: string): string => hkWallClock(iso).slice(0, 10);

/** Dollars typed in a form → cents (the API's unit); empty → null. */
export const toCents = (dollars: number | null | undefined): number | null =>
  dollars === null || dollars === undefined ? null : Math.round(dollars * 100);

export const toDollars = (cents: number | null | undefined): number | null =>
  cents === null || cents === undefined ? null : cents / 100;

export const percent = (ratio: number): string => `${(ratio * 100).toFixed(1)}%`;
