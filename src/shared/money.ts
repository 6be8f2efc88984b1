const HKD = new Intl.NumberFormat('en-HK', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });

/** Cents as Hong Kong dollars for display: `formatHkd(12800) === 'HK$128.00'`. */
export function formatHkd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}HK$${HKD.format(Math.abs(cents) / 100)}`;
}
