import { formatHkd } from './money';

/**
 * A change in cents with its sign, for gains and losses: `+HK$12.00`, `-HK$3.50`, `HK$0.00`. Apart from money.ts,
 * which every route's first load carries.
 */
export const formatHkdChange = (cents: number): string => (cents > 0 ? `+${formatHkd(cents)}` : formatHkd(cents));
