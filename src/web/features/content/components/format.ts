import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

/** An ISO time shown as a Hong Kong date: 2026年1月5日. */
export function formatDate(iso: string): string {
  return dayjs(iso).tz('Asia/Hong_Kong').format('YYYY年M月D日');
}
