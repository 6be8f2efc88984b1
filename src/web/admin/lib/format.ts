import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { formatHkd } from '../../../shared/money';

export { formatHkd };

/** An ISO time as the operator reads it (their browser's zone, Hong Kong in practice). */
export const formatTime = (iso: string | null | undefined): string =>
  iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—';

/** Form value (dayjs from a DatePicker) → ISO-8601 UTC for the API; empty → null. */
export const toIso = (value: Dayjs | null | undefined): string | null => (value ? value.toDate().toISOString() : null);

/** ISO from the API → DatePicker value. */
export const fromIso = (iso: string | null | undefined): Dayjs | null => (iso ? dayjs(iso) : null);

/** Dollars typed in a form → cents (the API's unit); empty → null. */
export const toCents = (dollars: number | null | undefined): number | null =>
  dollars === null || dollars === undefined ? null : Math.round(dollars * 100);

export const toDollars = (cents: number | null | undefined): number | null =>
  cents === null || cents === undefined ? null : cents / 100;

export const percent = (ratio: number): string => `${(ratio * 100).toFixed(1)}%`;
