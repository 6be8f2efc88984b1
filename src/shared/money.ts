const HKD = new Intl.NumberFormat('en-HK', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });

/** Cents as Hong Kong dollars for display: `formatHkd(12800) === 'HK$128.00'`. */
export function formatHkd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}HK$${HKD.format(Math.abs(cents) / 100)}`;
}

/** HK$ typed as text (「120」, 「88.50」, 「1,200」) → cents; null when it is not an amount of up to 2 decimals. */
export function dollarsToCents(text: string): number | null {
  const t = text.trim().replace(/,/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}
