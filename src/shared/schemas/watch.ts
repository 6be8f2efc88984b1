import { z } from 'zod';
import { WATCH_STATE_MAX_IDS } from '../constants';
import { PageQuerySchema } from '../envelope';
import { LISTING_STATUSES } from '../market-labels';

/** The watchlist (issue 22, docs/decisions/033-watchlist.md): card infos, products, listings and sellers a user follows. */

export const WATCH_KINDS = ['cardInfo', 'product', 'listing', 'seller'] as const;
export type WatchKind = (typeof WATCH_KINDS)[number];
export const WATCH_KIND_LABELS: Record<WatchKind, string> = {
  cardInfo: '卡牌',
  product: '商品',
  listing: '掛單',
  seller: '賣家',
};

/** At most this many watched items per user. */
export const WATCH_LIMIT = 500;
export const WATCH_FULL_MESSAGE = `關注清單已滿（最多 ${WATCH_LIMIT} 項），請先移除部分項目再關注`;

const kind = z.enum(WATCH_KINDS, { error: '「類別」只可為 cardInfo、product、listing 或 seller' });
const targetId = z.string({ error: '請指定關注項目' }).trim().min(1, '請指定關注項目').max(64, '找不到此項目');

/** `watch/add` and `watch/remove`: one target. */
export const WatchBodySchema = z.strictObject({ kind, id: targetId });
export type WatchBody = z.input<typeof WatchBodySchema>;

/** The ♡'s state after `watch/add` or `watch/remove`. */
export const WatchToggleSchema = z.object({ kind: z.enum(WATCH_KINDS), id: z.string(), watched: z.boolean() });
export type WatchToggle = z.infer<typeof WatchToggleSchema>;

// At most this many ids per `watch/state` call (in constants.ts, so a list's ♡ does not download zod).
export { WATCH_STATE_MAX_IDS };

/** `watch/state?kind=&ids=a,b,c`: which of these targets the caller watches (what each ♡ shows). */
export const WatchStateQuerySchema = z.object({
  kind,
  ids: z
    .string({ error: '請指定關注項目' })
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().max(64, '找不到此項目'))
        .min(1, '請指定關注項目')
        .max(WATCH_STATE_MAX_IDS, `每次最多查詢 ${WATCH_STATE_MAX_IDS} 項`),
    ),
});

/** The ids of the asked targets the caller watches. */
export const WatchStateSchema = z.object({ watched: z.array(z.string()) });
export type WatchState = z.infer<typeof WatchStateSchema>;

/** `watch/list`: the caller's watched items, newest first. */
export const WatchListQuerySchema = PageQuerySchema;

/** One watched item with its prices now (cents) and the change since it was added, on the same basis. */
export const WatchItemSchema = z.object({
  kind: z.enum(WATCH_KINDS),
  id: z.string(),
  /** Null when the target no longer exists. */
  name: z.string().nullable(),
  image: z.string().nullable(),
  addedAt: z.iso.datetime(),
  /** A watched listing: its price, side and status now; null for other kinds. */
  listing: z
    .object({
      price: z.number().int(),
      sell_type: z.union([z.literal(0), z.literal(1)]),
      status: z.enum(LISTING_STATUSES),
      /** The card info (card) or product (goods) it trades. */
      itemKind: z.enum(['card', 'goods']),
      itemId: z.string(),
    })
    .nullable(),
  /** Of the card info or product (a listing's item); null for a seller or when none is open. */
  lowestAsk: z.number().int().nullable(),
  highestBid: z.number().int().nullable(),
  marketPrice: z.number().int().nullable(),
  /** What `priceAtAdd` and `priceNow` are: the market price, or the lowest ask (a listing: its own price). */
  basis: z.enum(['market', 'ask']).nullable(),
  priceAtAdd: z.number().int().nullable(),
  priceNow: z.number().int().nullable(),
  /** `priceNow − priceAtAdd`; null when either is unknown. */
  change: z.number().int().nullable(),
});
export type WatchItem = z.infer<typeof WatchItemSchema>;
