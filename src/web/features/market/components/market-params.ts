/** "128.5" (HK$) → 12850 cents; null when it is not a sum of money. */
export function dollarsToCents(text: string): number | null {
  const t = text.trim().replace(/,/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}
