// Which side of the market a listing (or the market order that trades it) is on. Our code speaks `'sell' | 'buy'`;
// the seed fixes the wire and the `sell_type` column as 0 = sell (寄售), 1 = buy (求購) (seed §3), so that number is
// mapped here and nowhere else: request bodies and queries, answers' `sell_type` / `sellType`, the database column.

export const LISTING_SIDES = ['sell', 'buy'] as const;
export type ListingSide = (typeof LISTING_SIDES)[number];

/** The seed's `sell_type` of each side (wire and database). */
export const SELL_TYPE = { sell: 0, buy: 1 } as const;
export type SellType = (typeof SELL_TYPE)[ListingSide];

/** The side of a seed `sell_type`: 0 is sell, any other value buy (as the seed reads a query's `sell_type`). */
export const sideOfSellType = (sellType: number): ListingSide => (sellType === SELL_TYPE.sell ? 'sell' : 'buy');

/** The side a screen's address names (`?sell_type=1` is buy; none, or anything else, sell). */
export const sideOfParam = (param: string | null): ListingSide => (param === String(SELL_TYPE.buy) ? 'buy' : 'sell');

export const LISTING_SIDE_LABELS: Record<ListingSide, string> = { sell: '出售', buy: '求購' };
