/**
 * Cents as Hong Kong dollars for display: `formatHkd(12800) === 'HK$128.00'`, thousands grouped. Whole cents, in
 * integers (no Intl: a page's first formatter costs about 70 ms of one task while the platform loads its locale
 * data; decision 035).
 */
export function formatHkd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.round(Math.abs(cents));
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}HK$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** HK$ typed as text (「120」, 「88.50」, 「1,200」) → cents; null when it is not an amount of up to 2 decimals. */
export function dollarsToCents(text: string): number | null {
  const t = text.trim().replace(/,/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}
