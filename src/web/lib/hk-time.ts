/** Times come as ISO-8601 UTC on the wire and are shown in Hong Kong time (PRODUCT.md). */
const DATE_TIME = new Intl.DateTimeFormat('zh-HK', { timeZone: 'Asia/Hong_Kong', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** `2026/11/22 14:05` in Hong Kong time. */
export function formatHkDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}
