import { z } from 'zod';
import { PRICE_MAX_CENTS, PRICE_MIN_CENTS, RARITIES } from '../constants';
import { RightSchema } from './catalogue';
import { PerkEffectSchema } from './perks';
import { adminPageFields, imageUrl, intField, isoTime, queryFlag, searchQuery, textField } from './admin-common';

/* Back office: themes, card infos, products and the drop calendar (/api/admin/themes…, cardInfos…, products…, drops). */

const EDITION_MAX = 1_000_000;
const STOCK_MAX = 1_000_000;
const LIMIT_MAX = 1000;
const SORT_MIN = -1_000_000;
const SORT_MAX = 1_000_000;

const price = z
  .number({ error: '「售價」須為整數（以仙計）' })
  .int('「售價」須為整數（以仙計）')
  .min(PRICE_MIN_CENTS, `「售價」不能低於 HK$${PRICE_MIN_CENTS / 100}`)
  .max(PRICE_MAX_CENTS, `「售價」不能高於 HK$${(PRICE_MAX_CENTS / 100).toLocaleString('en-US')}`);

/**
 * A right as the back office sends it: with an effect (a perk: its title and description are written by the server
 * from it, decision 029), or words only (a title is then required).
 */
const RightInputSchema = z
  .strictObject({
    id: z.string().trim().min(1).max(64).optional(),
    title: textField('權益標題', 40).default(''),
    description: textField('權益說明', 500).default(''),
    effect: PerkEffectSchema.nullable().optional(),
  })
  .superRefine((r, ctx) => {
    if (!r.effect && !r.title) ctx.addIssue({ code: 'custom', path: ['title'], message: '請填寫「權益標題」' });
  });
const rights = z.array(RightInputSchema, { error: '「權益」格式不正確' }).max(20, '「權益」最多 20 項');
const sort = intField('排序', SORT_MIN, SORT_MAX);
/** 熱門: buyers queue in the waiting room before they may order (docs/decisions/044-waiting-room.md). */
const hot = z.boolean({ error: '「熱門」只可以是 true 或 false' });

const saleWindow = { saleStartsAt: isoTime('開售時間').nullable(), saleEndsAt: isoTime('停售時間').nullable() };

/** saleEndsAt must be after saleStartsAt when both are set (create; update checks the merged record). */
export const saleWindowProblem = (w: { saleStartsAt?: string | null; saleEndsAt?: string | null }): string | null =>
  w.saleStartsAt && w.saleEndsAt && Date.parse(w.saleEndsAt) <= Date.parse(w.saleStartsAt)
    ? '「停售時間」必須遲於「開售時間」'
    : null;

/** An English name (optional; search finds it, decision 031): blank is none. */
const nameEn = textField('英文名稱', 100)
  .transform((v) => v || null)
  .nullable();

/* ---- Themes ---- */

export const AdminThemeListQuerySchema = z.object({ ...adminPageFields, q: searchQuery });

export const AdminThemeSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** English name, for search (decision 031); null when none. */
  nameEn: z.string().nullable(),
  description: z.string(),
  cover: z.string(),
  /** The theme's reward card: a card info of this theme marked B card, or null. */
  bCardInfoId: z.string().nullable(),
  sort: z.number().int(),
  /** Card infos of the theme (its B card included). */
  cardInfoCount: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type AdminTheme = z.infer<typeof AdminThemeSchema>;

const themeFields = {
  name: textField('名稱', 60, { required: true }),
  nameEn,
  description: textField('簡介', 2000),
  cover: imageUrl('封面'),
  bCardInfoId: z.string().trim().min(1).max(64).nullable(),
  sort,
};
/** A new theme has no card infos yet, so its B card is set by an update once its card infos exist. */
export const AdminThemeCreateSchema = z.strictObject({
  name: themeFields.name,
  nameEn: nameEn.default(null),
  description: themeFields.description.default(''),
  cover: themeFields.cover,
  sort: sort.default(0),
});
export type AdminThemeCreate = z.input<typeof AdminThemeCreateSchema>;
/** Only the fields sent change. */
export const AdminThemeUpdateSchema = z.strictObject({
  id: z.string().trim().min(1).max(64),
  ...z.object(themeFields).partial().shape,
});
export type AdminThemeUpdate = z.input<typeof AdminThemeUpdateSchema>;

/* ---- Card infos ---- */

export const AdminCardInfoListQuerySchema = z.object({
  ...adminPageFields,
  q: searchQuery,
  themeId: z.string().trim().min(1).max(64).optional(),
  /** Only priced card infos whose sale has not ended (on sale or upcoming). */
  onSale: queryFlag('只看發售中'),
});

export const AdminCardInfoSchema = z.object({
  id: z.string(),
  themeId: z.string(),
  themeName: z.string(),
  name: z.string(),
  /** English name, for search (decision 031); null when none. */
  nameEn: z.string().nullable(),
  description: z.string(),
  image: z.string(),
  rarity: z.enum(RARITIES),
  editionSize: z.number().int(),
  /** Serials minted so far (read-only). */
  minted: z.number().int(),
  /** Editions held by pending orders (read-only). */
  reserved: z.number().int(),
  /** Null = not sold in the mall (code-only cards, B cards). */
  priceCents: z.number().int().nullable(),
  saleStartsAt: z.iso.datetime().nullable(),
  saleEndsAt: z.iso.datetime().nullable(),
  perUserLimit: z.number().int(),
  /** 熱門: sold through the waiting room (decision 044). */
  hot: z.boolean(),
  rights: z.array(RightSchema),
  isBCard: z.boolean(),
  sort: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type AdminCardInfo = z.infer<typeof AdminCardInfoSchema>;

const cardInfoFields = {
  themeId: z.string({ error: '請選擇「卡冊」' }).trim().min(1, '請選擇「卡冊」').max(64),
  name: textField('名稱', 60, { required: true }),
  nameEn,
  description: textField('簡介', 2000),
  image: imageUrl('圖片'),
  rarity: z.enum(RARITIES, { message: '「稀有度」只可以是 N、R、SR、SSR 或 UR' }),
  editionSize: intField('發行量', 1, EDITION_MAX),
  priceCents: price.nullable(),
  ...saleWindow,
  perUserLimit: intField('每人限購', 1, LIMIT_MAX),
  hot,
  rights,
  isBCard: z.boolean({ error: '「B 卡」只可以是 true 或 false' }),
  sort,
};
export const AdminCardInfoCreateSchema = z
  .strictObject({
    ...cardInfoFields,
    nameEn: nameEn.default(null),
    description: cardInfoFields.description.default(''),
    priceCents: cardInfoFields.priceCents.default(null),
    saleStartsAt: cardInfoFields.saleStartsAt.default(null),
    saleEndsAt: cardInfoFields.saleEndsAt.default(null),
    perUserLimit: cardInfoFields.perUserLimit.default(1),
    hot: hot.default(false),
    rights: rights.default([]),
    isBCard: cardInfoFields.isBCard.default(false),
    sort: sort.default(0),
  })
  .superRefine((v, ctx) => {
    const problem = saleWindowProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', path: ['saleEndsAt'], message: problem });
  });
export type AdminCardInfoCreate = z.input<typeof AdminCardInfoCreateSchema>;
export const AdminCardInfoUpdateSchema = z.strictObject({
  id: z.string().trim().min(1).max(64),
  ...z.object(cardInfoFields).partial().shape,
});
export type AdminCardInfoUpdate = z.input<typeof AdminCardInfoUpdateSchema>;

/* ---- Products ---- */

export const PRODUCT_TYPE_VALUES = [0, 1] as const;

export const AdminProductListQuerySchema = z.object({
  ...adminPageFields,
  q: searchQuery,
  type: z
    .enum(['0', '1'], { message: '「類型」只可以是 0（其他）或 1（實物）' })
    .transform((v) => (v === '1' ? 1 : 0))
    .optional(),
  /** Only products whose sale has not ended. */
  onSale: queryFlag('只看發售中'),
});

export const AdminProductSchema = z.object({
  id: z.string(),
  /** 1 實物, 0 其他. */
  type: z.union([z.literal(0), z.literal(1)]),
  name: z.string(),
  /** English name, for search (decision 031); null when none. */
  nameEn: z.string().nullable(),
  description: z.string(),
  images: z.array(z.string()),
  priceCents: z.number().int(),
  stock: z.number().int(),
  /** Units sold (read-only). */
  sold: z.number().int(),
  /** Units held by pending orders (read-only). */
  reserved: z.number().int(),
  perUserLimit: z.number().int(),
  /** 熱門: sold through the waiting room (decision 044). */
  hot: z.boolean(),
  saleStartsAt: z.iso.datetime().nullable(),
  saleEndsAt: z.iso.datetime().nullable(),
  rights: z.array(RightSchema),
  sort: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

const productFields = {
  type: z.union([z.literal(0), z.literal(1)], { error: '「類型」只可以是 0（其他）或 1（實物）' }),
  name: textField('名稱', 60, { required: true }),
  nameEn,
  description: textField('簡介', 5000),
  images: z
    .array(imageUrl('圖片'), { error: '「圖片」格式不正確' })
    .min(1, '請上載最少 1 張「圖片」')
    .max(10, '「圖片」最多 10 張'),
  priceCents: price,
  stock: intField('庫存', 0, STOCK_MAX),
  perUserLimit: intField('每人限購', 1, LIMIT_MAX),
  hot,
  ...saleWindow,
  rights,
  sort,
};
export const AdminProductCreateSchema = z
  .strictObject({
    ...productFields,
    nameEn: nameEn.default(null),
    description: productFields.description.default(''),
    perUserLimit: productFields.perUserLimit.default(1),
    hot: hot.default(false),
    saleStartsAt: productFields.saleStartsAt.default(null),
    saleEndsAt: productFields.saleEndsAt.default(null),
    rights: rights.default([]),
    sort: sort.default(0),
  })
  .superRefine((v, ctx) => {
    const problem = saleWindowProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', path: ['saleEndsAt'], message: problem });
  });
export type AdminProductCreate = z.input<typeof AdminProductCreateSchema>;
export const AdminProductUpdateSchema = z.strictObject({
  id: z.string().trim().min(1).max(64),
  ...z.object(productFields).partial().shape,
});
export type AdminProductUpdate = z.input<typeof AdminProductUpdateSchema>;

/* ---- Drop calendar ---- */

export const AdminDropQuerySchema = z
  .object({ from: isoTime('由'), to: isoTime('至') })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { message: '「至」必須遲於「由」', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    message: '日曆最多顯示一年',
    path: ['to'],
  });

/** A card info or product whose sale window overlaps the calendar's range. */
export const AdminDropSchema = z.object({
  kind: z.enum(['card', 'product']),
  id: z.string(),
  name: z.string(),
  image: z.string(),
  priceCents: z.number().int().nullable(),
  saleStartsAt: z.iso.datetime().nullable(),
  saleEndsAt: z.iso.datetime().nullable(),
  /** 熱門: sold through the waiting room (decision 044). */
  hot: z.boolean(),
  /** Edition size or stock. */
  total: z.number().int(),
  /** Minted or sold. */
  sold: z.number().int(),
  reserved: z.number().int(),
});
export type AdminDrop = z.infer<typeof AdminDropSchema>;
