import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, RARITIES } from '../constants';
import { SALE_STATES } from '../sale-states';
import { PerkEffectSchema } from './perks';

// Kept apart from the schemas so the web app can show a badge without downloading zod.
export { SALE_STATES, SALE_STATE_LABELS, type SaleState } from '../sale-states';

export const RaritySchema = z.enum(RARITIES);

export const RightSchema = z.object({
  id: z.string().optional(),
  title: z.string(),
  description: z.string(),
  /** What the right does at checkout or in the mall (decision 029); absent for a right that is only words. */
  effect: PerkEffectSchema.nullable().optional(),
});
export type Right = z.infer<typeof RightSchema>;

export const ThemeRefSchema = z.object({ id: z.string(), name: z.string() });

/** The sale fields every mall item carries. */
const SaleFields = {
  /** Mall price in cents; null when the item is not sold in the mall. */
  priceCents: z.number().int().nullable(),
  perUserLimit: z.number().int(),
  /** 熱門: buyers queue in the waiting room and buy with its admission (docs/decisions/044). */
  hot: z.boolean(),
  /** What can still be bought: edition − minted − reserved, or stock − sold − reserved. */
  left: z.number().int(),
  saleStartsAt: z.iso.datetime().nullable(),
  saleEndsAt: z.iso.datetime().nullable(),
  saleState: z.enum(SALE_STATES),
  /**
   * While upcoming: when holders of a card whose right grants priority may buy (before `saleStartsAt`); everyone
   * else sees 持卡人優先購買中 from then until the public start. Null when no right opens this item early.
   */
  priorityStartsAt: z.iso.datetime().nullable(),
  rights: z.array(RightSchema),
};

export const CardInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  rarity: RaritySchema,
  theme: ThemeRefSchema,
  editionSize: z.number().int(),
  minted: z.number().int(),
  isBCard: z.boolean(),
  ...SaleFields,
});
export type CardInfo = z.infer<typeof CardInfoSchema>;

export const PRODUCT_TYPES = { other: 0, physical: 1 } as const;
export const PRODUCT_TYPE_LABELS: Record<number, string> = { 0: '其他', 1: '實物' };

export const ProductSchema = z.object({
  id: z.string(),
  /** 1 = physical (實物), 0 = other (其他). */
  type: z.union([z.literal(0), z.literal(1)]),
  name: z.string(),
  description: z.string(),
  /** The first of `images`, for rows and orders. */
  image: z.string(),
  images: z.array(z.string()),
  stock: z.number().int(),
  sold: z.number().int(),
  ...SaleFields,
  priceCents: z.number().int(),
});
export type Product = z.infer<typeof ProductSchema>;

const pageFields = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
};

/** A query-string flag: `1` / `true` or `0` / `false`. */
const flag = (message: string) =>
  z
    .enum(['1', '0', 'true', 'false'], { message })
    .transform((v) => v === '1' || v === 'true')
    .optional();

/** `saleState=on_sale,upcoming`: one state or several, comma separated. */
const saleStateFilter = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(
        z.enum(SALE_STATES, { message: '「銷售狀態」只可以是 upcoming、on_sale、sold_out、ended 或 not_for_sale' }),
      )
      .min(1, { message: '請填寫「銷售狀態」' }),
  )
  .optional();

export const CardInfoListQuerySchema = z.object({
  ...pageFields,
  themeId: z.string().min(1).max(64).optional(),
  rarity: z.enum(RARITIES, { message: '「稀有度」只可以是 N、R、SR、SSR 或 UR' }).optional(),
  /** Only what the mall sells: priced, not a B card, sale not ended (the 卡牌 tab). */
  onSale: flag('「只看發售中」只可以是 1 或 0'),
  saleState: saleStateFilter,
});
export type CardInfoListQuery = z.input<typeof CardInfoListQuerySchema>;

export const ProductListQuerySchema = z.object({
  ...pageFields,
  type: z
    .enum(['0', '1'], {
      error: (iss) => (iss.input === undefined ? '請選擇「類型」' : '「類型」只可以是 0（其他）或 1（實物）'),
    })
    .transform((v) => (v === '1' ? 1 : 0)),
});
export type ProductListQuery = z.input<typeof ProductListQuerySchema>;
