import { sql, type SQL } from 'drizzle-orm';
import { SELL_TYPE, type ListingSide } from '../../shared/market-labels';

/**
 * A side's `sell_type` written into SQL text (`sell_type = ${sellTypeSql('sell')}` reads `sell_type = 0`): a literal,
 * not a bound parameter, so a query still matches the partial indexes on `sell_type = 0` (and raw SQL names no bare
 * 0 or 1 for a side).
 */
export const sellTypeSql = (side: ListingSide): SQL => sql.raw(String(SELL_TYPE[side]));
