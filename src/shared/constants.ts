/** Business constants (PRODUCT.md §7) and the client behaviour fixed by the seed. */
export const REQUEST_TIMEOUT_MS = 20_000;
export const CHUNK_TIMEOUT_MS = 120_000;
export const LANGUAGE_HEADER = 'zh_HK';

export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_CODE_MAX_TRIES = 5;
export const SMS_RESEND_AFTER_MS = 60_000;
export const SMS_PER_PHONE_PER_HOUR = 5;
export const SMS_PER_PHONE_PER_DAY = 10;
export const SMS_PER_IP_PER_HOUR = 20;
export const LOGIN_TOKEN_TTL_MS = 10 * 60_000;

export const SESSION_IDLE_MS = 30 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 90 * 24 * 3600_000;

export const PAY_ORDER_TTL_MS = 15 * 60_000;
export const MARKET_FEE_RATE = 0.05;
export const MARKET_FEE_MIN_CENTS = 100;
export const SELL_LISTING_TTL_MS = 30 * 24 * 3600_000;
export const BUY_LISTING_TTL_MS = 7 * 24 * 3600_000;
export const RELIST_COOLDOWN_MS = 24 * 3600_000;
export const PRICE_MIN_CENTS = 100;
export const PRICE_MAX_CENTS = 100_000_000;
export const WITHDRAWAL_MIN_CENTS = 10_000;
export const EXCHANGE_CODE_FAILURES_PER_HOUR = 10;
export const ADDRESSES_PER_USER = 20;

export const PAGE_SIZE_MAX = 50;
/**
 * Over how long the screens that were open when a hot drop sold out ask for its fairness report: every waiting screen
 * hears the sell-out on the stream in the same instant, and tens of thousands of asks at once would be a rush of their
 * own (decision 044). A screen opened on a drop already over asks at once.
 */
export const REPORT_SPREAD_MS = 15_000;
export const PAGE_SIZE_DEFAULT = 20;

export const RARITIES = ['N', 'R', 'SR', 'SSR', 'UR'] as const;
export type Rarity = (typeof RARITIES)[number];

/** At most this many ids per `watch/state` call (a page of market rows; schemas/watch.ts). */
export const WATCH_STATE_MAX_IDS = 100;

/** No figure is shown before this many completed market trades (sales + purchases): new accounts do not look perfect. */
export const STANDING_MIN_TRADES = 5;
