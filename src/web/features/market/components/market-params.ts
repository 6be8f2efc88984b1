/** "128.5" (HK$) → 12850 cents (kept in shared/money.ts: the price alert sheet parses the same way). */
export { dollarsToCents } from '../../../../shared/money';
