import { z } from 'zod';
import { MarketPriceSchema } from './market';
import { RARITIES } from '../constants';
import { PageQuerySchema } from '../envelope';
import { CODE_MESSAGES, checkExchangeCode } from '../exchange-code';
import { PhoneSchema, SmsCodeSchema, UserSchema } from './auth';
import { PERK_PERIODS } from './perks';

/** A typed or scanned exchange code, normalised; a wrong check character is caught here, on both sides. */
export const ExchangeCodeSchema = z
  .string({ error: CODE_MESSAGES.empty })
  .max(64, CODE_MESSAGES.wrong)
  .transform((value, ctx) => {
    const checked = checkExchangeCode(value);
    if (checked.ok) return checked.code;
    ctx.addIssue({ code: 'custom', message: checked.message });
    return z.NEVER;
  });

/** Signed in: `{code}`. Signed out also `{phone, smsCode}` (an SMS sent with purpose `exchange`). */
export const ExchangeBodySchema = z.strictObject({
  code: ExchangeCodeSchema,
  phone: PhoneSchema.optional(),
  smsCode: SmsCodeSchema.optional(),
});
export type ExchangeBody = z.input<typeof ExchangeBodySchema>;

export const RaritySchema = z.enum(RARITIES, { error: '稀有度只可為 N、R、SR、SSR 或 UR' });

/** What every view of a card shows of its card info; the card schemas below extend it. */
const CardFaceSchema = z.object({
  cardInfoId: z.string(),
  name: z.string(),
  image: z.string(),
  rarity: RaritySchema,
});

/** A card just minted (by a code or a set exchange). */
export const MintedCardSchema = CardFaceSchema.extend({
  id: z.string(),
  serial: z.number().int(),
  editionSize: z.number().int(),
  serialLabel: z.string(),
});
export type MintedCard = z.infer<typeof MintedCardSchema>;

/**
 * The answer of `card/exchange`: the new cards and, when the call signed the user in, the session
 * data (token, user, authority) the client stores (seed §4; the `msg` is then empty).
 */
export const ExchangeResultSchema = z.object({
  cards: z.array(MintedCardSchema),
  token: z.string().optional(),
  user: UserSchema.optional(),
  authority: z.array(z.string()).optional(),
});
export type ExchangeResult = z.infer<typeof ExchangeResultSchema>;

export const ThemeQuerySchema = PageQuerySchema.extend({
  /** 0 = not yet exchanged, any other value = exchanged (seed §3). */
  status: z.coerce.number({ error: '「狀態」格式不正確' }).int('「狀態」格式不正確').default(0),
});
export type ThemeQuery = z.input<typeof ThemeQuerySchema>;

/** One card info of a theme, and what the user has of it. */
export const ThemeCardSchema = CardFaceSchema.extend({
  /** Copies the user owns (held, listed or reserved). */
  owned: z.number().int(),
  /** Editions not yet minted or reserved: 0 means a missing card can only be had from other collectors. */
  left: z.number().int(),
  /** The held (not listed, not reserved) copy a set exchange would consume; null when none. */
  consumable: z.object({ cardId: z.string(), serialLabel: z.string() }).nullable(),
});
export type ThemeCard = z.infer<typeof ThemeCardSchema>;

export const BCardInfoSchema = CardFaceSchema.extend({
  editionSize: z.number().int(),
  /** Editions of the B card still to be claimed. */
  left: z.number().int(),
});

/** A theme on `/my/theme`: progress, and either whether it can be exchanged or what it was exchanged for. */
export const ThemeProgressSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  cover: z.string(),
  /** Distinct card infos owned / in the theme. */
  owned: z.number().int(),
  total: z.number().int(),
  cards: z.array(ThemeCardSchema),
  bCard: BCardInfoSchema.nullable(),
  /** Every card held (not listed), the B card not yet claimed and editions left. */
  canExchange: z.boolean(),
  exchange: z.object({ exchangedAt: z.iso.datetime(), card: MintedCardSchema }).nullable(),
});
export type ThemeProgress = z.infer<typeof ThemeProgressSchema>;

export const ExchangeBCardBodySchema = z.strictObject({
  themeId: z.string({ error: '請選擇卡冊' }).trim().min(1, '請選擇卡冊').max(64, '找不到此卡冊'),
});
export type ExchangeBCardBody = z.input<typeof ExchangeBCardBodySchema>;

export const ExchangeBCardResultSchema = z.object({
  themeId: z.string(),
  bCard: MintedCardSchema,
  consumed: z.array(z.object({ id: z.string(), cardInfoId: z.string(), name: z.string(), serialLabel: z.string() })),
});
export type ExchangeBCardResult = z.infer<typeof ExchangeBCardResultSchema>;

export const COLLECTION_SORTS = ['newest', 'rarity', 'serial'] as const;
export const COLLECTION_SORT_LABELS: Record<(typeof COLLECTION_SORTS)[number], string> = {
  newest: '最新',
  rarity: '稀有度',
  serial: '編號',
};

export const CollectionQuerySchema = PageQuerySchema.extend({
  themeId: z.string().max(64).optional(),
  rarity: RaritySchema.optional(),
  sort: z.enum(COLLECTION_SORTS, { error: '排序方式只可為 newest、rarity 或 serial' }).default('newest'),
});
export type CollectionQuery = z.input<typeof CollectionQuerySchema>;

export const CARD_STATUSES = ['held', 'listed', 'reserved', 'consumed'] as const;
/** How an item came to exist or change hands; also the provenance `via`. */
/** `refund`: an operator's refund took the item back to the platform (decision 050; only in provenance). */
export const ITEM_VIAS = ['drop', 'code', 'set_exchange', 'market', 'purchase', 'pack', 'refund'] as const;
export type ItemVia = (typeof ITEM_VIAS)[number];
export const VIA_LABELS: Record<ItemVia, string> = {
  drop: '商城發售',
  code: '兌換碼',
  set_exchange: '卡冊兌換',
  market: '市場交易',
  purchase: '購買',
  pack: '開包',
  refund: '訂單退款',
};
export const CARD_STATUS_LABELS: Record<(typeof CARD_STATUSES)[number], string> = {
  held: '持有中',
  listed: '寄售中',
  reserved: '交易中',
  consumed: '已兌換',
};

/** A card in a collection list. */
export const CollectionCardSchema = MintedCardSchema.extend({
  themeId: z.string(),
  themeName: z.string(),
  isBCard: z.boolean(),
  status: z.enum(CARD_STATUSES),
  acquiredVia: z.enum(ITEM_VIAS),
  acquiredAt: z.iso.datetime(),
});
export type CollectionCard = z.infer<typeof CollectionCardSchema>;

export const RightSchema = z.object({ title: z.string(), description: z.string() });

const PublicUserSchema = z.object({ id: z.string(), nickname: z.string(), avatar: z.string().nullable() });

/** One step of a card's provenance; `priceCents` only when the viewer paid or received it. */
export const ProvenanceEventSchema = z.object({
  kind: z.enum(['minted', 'transferred', 'consumed']),
  via: z.enum(ITEM_VIAS),
  at: z.iso.datetime(),
  from: PublicUserSchema.nullable(),
  to: PublicUserSchema.nullable(),
  priceCents: z.number().int().nullable(),
});
export type ProvenanceEvent = z.infer<typeof ProvenanceEventSchema>;

export const CardDetailQuerySchema = z.object({
  id: z.string({ error: '請指定卡牌' }).min(1, '請指定卡牌').max(64, '找不到此卡牌'),
});

/** `card/detail`: the public part of any card; `mine` says the viewer owns it. */
export const CardDetailSchema = CollectionCardSchema.extend({
  description: z.string(),
  rights: z.array(RightSchema),
  owner: PublicUserSchema,
  mine: z.boolean(),
  /** The owner made it public at `/card?id=` (issue 23); false for any other viewer, who learns nothing from it. */
  isPublic: z.boolean(),
  /** The card info's market price (decision 032). */
  marketPrice: MarketPriceSchema,
  provenance: z.array(ProvenanceEventSchema),
});
export type CardDetail = z.infer<typeof CardDetailSchema>;

/** A right and the cards of the user that grant it. */
export const HeldRightSchema = RightSchema.extend({
  cards: z.array(CardFaceSchema.extend({ id: z.string(), serialLabel: z.string() })),
  /** Used up for its period (`month`: 「本月已使用」, `lifetime`: 「已使用」) on every card granting it; null otherwise. */
  used: z.enum(PERK_PERIODS).nullable(),
});
export type HeldRight = z.infer<typeof HeldRightSchema>;
