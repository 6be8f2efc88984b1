/*
 * What the demo market's prices are made of (issue 21): a card trades near its mall price, scaled up by its rarity
 * and by how scarce it has become (the share of its edition already sold). The sales history drifts just below and
 * around that fair price, the asks sit a little above it, and the bids below every ask.
 */

type Rarity = 'N' | 'R' | 'SR' | 'SSR' | 'UR';

/** How much more than its mall price a card of each rarity trades at. */
export const RARITY_FACTOR: Record<Rarity, number> = { N: 1, R: 1.1, SR: 1.25, SSR: 1.5, UR: 2 };

/** At most this much more again for an edition sold out (in proportion to the share sold). */
const SCARCITY_PREMIUM = 0.3;

/** Where every demo ask lies, as a share of mall price × rarity factor (the scarcity premium and the ask's margin). */
export const ASK_BAND = { min: 1, max: 1.45 } as const;

export interface PricedCardInfo {
  priceCents: number;
  rarity: Rarity;
  editionSize: number;
  minted: number;
}

/** Whole Hong Kong dollars. */
const dollars = (cents: number) => Math.max(100, Math.round(cents / 100) * 100);

/** The card's fair market price: mall price × rarity × scarcity. */
export function fairPrice(c: PricedCardInfo): number {
  const sold = c.editionSize > 0 ? Math.min(1, c.minted / c.editionSize) : 0;
  return c.priceCents * RARITY_FACTOR[c.rarity] * (1 + SCARCITY_PREMIUM * sold);
}

/** The k-th past sale: between 94 % and 102 % of the fair price, drifting up over the days. */
export const salePrice = (c: PricedCardInfo, k: number) => dollars(fairPrice(c) * (0.94 + 0.02 * (k % 5)));

/** The k-th open ask: 2 % above the fair price and up, 3 % more for each further copy. */
export const askPrice = (c: PricedCardInfo, k: number) => dollars(fairPrice(c) * (1.02 + 0.03 * k));

/** A bid: 12 % below the fair price, under every ask (the lowest of which is 2 % above it). */
export const bidPrice = (c: PricedCardInfo) => dollars(fairPrice(c) * 0.88);
