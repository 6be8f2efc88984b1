import { z } from 'zod';
import { PRICE_MAX_CENTS, PRICE_MIN_CENTS, RARITIES } from '../constants';
import { SALE_STATES } from '../sale-states';
import { MintedCardSchema } from './pay-orders';
import { adminPageFields, imageUrl, intField, isoTime, searchQuery, textField } from './admin-common';

/*
 * Mystery packs (盲盒 / 卡包, issue 25; docs/decisions/043-packs.md): a series sells packs of `cardsPerPack` cards
 * drawn without replacement from a fixed pool, by a draw anyone can check (`src/shared/pack-draw.ts`).
 * Public: pack/list, pack/detail, pack/draws, pack/open; bought through `payOrder/create {type: 'pack'}`.
 * Back office: /api/admin/packs, …/detail, …/create, …/update, …/close.
 */

export const CARDS_PER_PACK_MAX = 10;
export const PACK_POOL_ENTRIES_MAX = 100;
export const PACK_POOL_COUNT_MAX = 100_000;
export const DRAWS_PAGE_MAX = 500;

export { CLIENT_SEED_MAX, ClientSeedSchema } from './pay-orders';

/** 保底: at least one card of `minRarity` or rarer in every `every` packs one buyer buys of the series. */
export const PackGuaranteeSchema = z.strictObject({
  minRarity: z.enum(RARITIES, { message: '「保底稀有度」只可以是 N、R、SR、SSR 或 UR' }),
  every: intField('保底包數', 2, 100),
});
export type PackGuarantee = z.infer<typeof PackGuaranteeSchema>;

/** One line of the live odds: what remains of a rarity or a card, out of all remaining units. */
const oddsFields = {
  /** Units of the pool at the start of the series. */
  count: z.number().int(),
  /** Units not drawn yet. */
  remaining: z.number().int(),
  /** remaining ÷ all remaining units (0 when nothing remains): the chance one drawn card is this one. */
  probability: z.number(),
};

export const PackRarityOddsSchema = z.object({ rarity: z.enum(RARITIES), ...oddsFields });

/** One card info of the pool, in the pool's fixed order (the order the draw lists units in). */
export const PackPoolCardSchema = z.object({
  cardInfoId: z.string(),
  name: z.string(),
  image: z.string(),
  rarity: z.enum(RARITIES),
  ...oddsFields,
});
export type PackPoolCard = z.infer<typeof PackPoolCardSchema>;

/** A series as the mall lists it (pack/list). Money in HKD cents. */
export const PackSeriesSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  cover: z.string(),
  priceCents: z.number().int(),
  cardsPerPack: z.number().int(),
  perUserLimit: z.number().int(),
  /** Packs the pool makes: ⌊pool units ÷ cardsPerPack⌋. */
  packsTotal: z.number().int(),
  /** Packs anyone can still order (total − sold − held by pending orders). */
  packsLeft: z.number().int(),
  saleStartsAt: z.iso.datetime().nullable(),
  saleEndsAt: z.iso.datetime().nullable(),
  /** `ended` also after the operator closed it. */
  saleState: z.enum(SALE_STATES),
  /** 熱門: a waiting room may sit in front of its sale. */
  hot: z.boolean(),
  guarantee: PackGuaranteeSchema.nullable(),
  /** SHA-256 (hex) of the server seed, published before the sale. */
  commitment: z.string(),
});
export type PackSeries = z.infer<typeof PackSeriesSchema>;

/** pack/detail: the series, the pool with live odds, and the seed once revealed. */
export const PackSeriesDetailSchema = PackSeriesSchema.extend({
  /** The pool in its fixed order, with each card's live odds. */
  pool: z.array(PackPoolCardSchema),
  /** Live odds per rarity (rarities absent from the pool left out). */
  rarityOdds: z.array(PackRarityOddsSchema),
  unitsTotal: z.number().int(),
  unitsRemaining: z.number().int(),
  /** Packs drawn so far (the last published nonce). */
  packsDrawn: z.number().int(),
  /** The server seed (64 hex characters), null until revealed (sold out or closed, and no pending order left). */
  serverSeed: z.string().nullable(),
  revealedAt: z.iso.datetime().nullable(),
  closedAt: z.iso.datetime().nullable(),
});
export type PackSeriesDetail = z.infer<typeof PackSeriesDetailSchema>;

/** pack/draws: the published draws, by nonce, after `after` (0 = from the first). */
export const PackDrawsQuerySchema = z.object({
  id: z.string().min(1).max(64),
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(DRAWS_PAGE_MAX).default(100),
});
export type PackDrawsQuery = z.input<typeof PackDrawsQuerySchema>;

/** One drawn pack: anything a checker needs, and no buyer identity. */
export const PackDrawSchema = z.object({
  /** The pack's position in the series (1, 2, 3 …): the draws are replayed in this order. */
  nonce: z.number().int(),
  orderNo: z.string(),
  clientSeed: z.string(),
  /** A pseudonym of the buyer, the same for all their packs of this series only (the guarantee's streak). */
  buyer: z.string(),
  /** True when the pack's last card was drawn from the guarantee's rarities only (保底). */
  guaranteed: z.boolean(),
  /** The card infos drawn, in draw order. */
  cardInfoIds: z.array(z.string()),
  drawnAt: z.iso.datetime(),
});
export type PackDraw = z.infer<typeof PackDrawSchema>;

export const PackDrawsSchema = z.object({
  seriesId: z.string(),
  commitment: z.string(),
  serverSeed: z.string().nullable(),
  draws: z.array(PackDrawSchema),
  /** The `after` of the next page; null when this was the last. */
  next: z.number().int().nullable(),
});
export type PackDraws = z.infer<typeof PackDrawsSchema>;

/** pack/open: the buyer's paid pack order. */
export const PackOpenBodySchema = z.strictObject({
  orderNo: z.string({ error: '請提供訂單編號' }).regex(/^TR[0-9A-Z]{8,24}$/, '訂單編號格式不正確'),
});

export const OpenedPackSchema = z.object({
  nonce: z.number().int(),
  guaranteed: z.boolean(),
  cards: z.array(MintedCardSchema),
});
export const PackOpenSchema = z.object({
  orderNo: z.string(),
  seriesId: z.string(),
  seriesName: z.string(),
  clientSeed: z.string(),
  /** When the buyer first opened it (this call, or an earlier one: opening again answers the same cards). */
  openedAt: z.iso.datetime(),
  packs: z.array(OpenedPackSchema),
});
export type PackOpen = z.infer<typeof PackOpenSchema>;

/* ---- Back office ---- */

const price = z
  .number({ error: '「售價」須為整數（以仙計）' })
  .int('「售價」須為整數（以仙計）')
  .min(PRICE_MIN_CENTS, `「售價」不能低於 HK$${PRICE_MIN_CENTS / 100}`)
  .max(PRICE_MAX_CENTS, `「售價」不能高於 HK$${(PRICE_MAX_CENTS / 100).toLocaleString('en-US')}`);

export const PackPoolEntryInputSchema = z.strictObject({
  cardInfoId: z.string({ error: '請選擇卡牌' }).trim().min(1, '請選擇卡牌').max(64),
  count: intField('數量', 1, PACK_POOL_COUNT_MAX),
});

const pool = z
  .array(PackPoolEntryInputSchema, { error: '「卡池」格式不正確' })
  .min(1, '「卡池」最少要有 1 款卡牌')
  .max(PACK_POOL_ENTRIES_MAX, `「卡池」最多 ${PACK_POOL_ENTRIES_MAX} 款卡牌`)
  .refine((p) => new Set(p.map((e) => e.cardInfoId)).size === p.length, '「卡池」不能重複同一款卡牌');

const seriesFields = {
  name: textField('名稱', 60, { required: true }),
  description: textField('簡介', 2000),
  cover: imageUrl('封面'),
  priceCents: price,
  cardsPerPack: intField('每包張數', 1, CARDS_PER_PACK_MAX),
  perUserLimit: intField('每人限購', 1, 1000),
  saleStartsAt: isoTime('開售時間').nullable(),
  saleEndsAt: isoTime('停售時間').nullable(),
  hot: z.boolean({ error: '「熱門」只可以是 true 或 false' }),
  guarantee: PackGuaranteeSchema.nullable(),
  pool,
};

/** A new series: its pool's counts are taken from the card infos' editions at once (serials never repeat). */
export const AdminPackCreateSchema = z.strictObject({
  ...seriesFields,
  description: seriesFields.description.default(''),
  saleStartsAt: seriesFields.saleStartsAt.default(null),
  saleEndsAt: seriesFields.saleEndsAt.default(null),
  hot: seriesFields.hot.default(false),
  guarantee: seriesFields.guarantee.default(null),
});
export type AdminPackCreate = z.infer<typeof AdminPackCreateSchema>;

/**
 * A change: any field. Once a pack was ordered, the pool, cards per pack, price and guarantee are fixed (409);
 * name, description, cover, hot, per-user limit and the sale window stay editable.
 */
export const AdminPackUpdateSchema = z.strictObject({
  id: z.string().trim().min(1, '請填寫「編號」').max(64),
  ...Object.fromEntries(Object.entries(seriesFields).map(([k, v]) => [k, v.optional()])),
} as { id: z.ZodString } & { [K in keyof typeof seriesFields]: z.ZodOptional<(typeof seriesFields)[K]> });
export type AdminPackUpdate = z.infer<typeof AdminPackUpdateSchema>;

export const AdminPackListQuerySchema = z.object({ ...adminPageFields, q: searchQuery });

/** A series as operators see it: the public detail plus the money and the order counts. */
export const AdminPackSchema = PackSeriesDetailSchema.extend({
  packsSold: z.number().int(),
  packsReserved: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type AdminPack = z.infer<typeof AdminPackSchema>;
