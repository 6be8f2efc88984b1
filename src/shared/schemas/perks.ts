import { z } from 'zod';
import { formatHkd } from '../money';

/*
 * Perks: what a right does, not only what it says (issue 21, decision 029). A right's optional `effect` is read by the
 * server at `payOrder/create` (a discount or a free item) and by the mall's sale rules (a priority window); its
 * description is written from the effect (`describePerk`) so the text cannot promise more than the checkout gives.
 */

export const PERK_KINDS = ['discount', 'priority', 'free_item'] as const;
export type PerkKind = (typeof PERK_KINDS)[number];
export const PERK_KIND_LABELS: Record<PerkKind, string> = {
  discount: '折扣',
  priority: '優先購買',
  free_item: '免費商品',
};

/** How often a perk may be used: each Hong Kong calendar month, or only ever (`lifetime`). */
export const PERK_PERIODS = ['month', 'lifetime'] as const;
export type PerkPeriod = (typeof PERK_PERIODS)[number];
export const PERK_PERIOD_LABELS: Record<PerkPeriod, string> = { month: '每月', lifetime: '持卡期間' };

/** Whose uses are counted: each holder (however many copies they hold), or each card (a sold card keeps its count). */
export const PERK_PER = ['holder', 'card'] as const;
export type PerkPer = (typeof PERK_PER)[number];
export const PERK_PER_LABELS: Record<PerkPer, string> = { holder: '每位持卡人', card: '每張卡' };

const int = (label: string, min: number, max: number) =>
  z
    .number({ error: `「${label}」須為整數` })
    .int(`「${label}」須為整數`)
    .min(min, `「${label}」最少為 ${min}`)
    .max(max, `「${label}」最多為 ${max}`);
const id = (label: string) =>
  z
    .string({ error: `請選擇「${label}」` })
    .trim()
    .min(1, `請選擇「${label}」`)
    .max(64);

/** The limits of a perk that is used up (discount, free item). */
export const PerkLimitSchema = z.strictObject({
  period: z.enum(PERK_PERIODS, { message: '「使用週期」只可以是 month 或 lifetime' }),
  per: z.enum(PERK_PER, { message: '「限制對象」只可以是 holder 或 card' }),
  /** Uses in each period. */
  uses: int('每期次數', 1, 100),
  /** The order's amount before the perk must reach this (cents); null for none. */
  minSpendCents: int('最低消費', 0, 100_000_000).nullable(),
});
export type PerkLimit = z.infer<typeof PerkLimitSchema>;

export const PerkEffectSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('discount'),
      /** 20 = 20 % off, shown as 8 折. */
      percentOff: int('折扣百分比', 1, 90),
      /** The product type it applies to (1 實物, 0 其他); null for every product. */
      productType: z.union([z.literal(0), z.literal(1)]).nullable(),
      limit: PerkLimitSchema,
    }),
    z.strictObject({
      kind: z.literal('priority'),
      /** How long before `saleStartsAt` the holders may buy. */
      windowHours: int('優先時段（小時）', 1, 720),
      /** The theme whose card infos it opens early; null for every mall item. */
      themeId: id('卡冊').nullable(),
    }),
    z.strictObject({
      kind: z.literal('free_item'),
      /** The product one unit of which is free. */
      productId: id('免費商品'),
      limit: PerkLimitSchema,
    }),
  ],
  { error: '「權益效果」格式不正確' },
);
export type PerkEffect = z.infer<typeof PerkEffectSchema>;

/** 20 → `8 折`, 15 → `85 折`. */
export function zhe(percentOff: number): string {
  const pay = 100 - percentOff;
  return pay % 10 === 0 ? `${pay / 10} 折` : `${pay} 折`;
}

function limitText(l: PerkLimit): string {
  const times = l.uses === 1 ? '一次' : `${l.uses} 次`;
  const who = l.per === 'card' ? '每張卡' : '';
  const when = l.period === 'month' ? `${who}每月${times}` : `${who}限用${times}`;
  const min = l.minSpendCents ? `，單筆滿 ${formatHkd(l.minSpendCents)}` : '';
  return `（${when}${min}）`;
}

/** Names the descriptions mention (a theme, a product), looked up by the caller. */
export interface PerkNames {
  theme?: string | null;
  product?: string | null;
}

/** The title a perk is shown with: `商城 8 折（每月一次）`. */
export function perkTitle(e: PerkEffect, names: PerkNames = {}): string {
  if (e.kind === 'discount') return `商城 ${zhe(e.percentOff)}${limitText(e.limit)}`;
  if (e.kind === 'priority') return '優先購買權';
  return `免費領取${names.product ? `「${names.product}」` : '商品'}${limitText(e.limit)}`;
}

/** The description written from the effect, so what a right says is what the checkout does. */
export function describePerk(e: PerkEffect, names: PerkNames = {}): string {
  if (e.kind === 'discount') {
    const what = e.productType === 1 ? '實物商品' : e.productType === 0 ? '其他商品' : '商品';
    return `持卡期間，於寶庫商城購買${what}可享 ${zhe(e.percentOff)}${limitText(e.limit)}。`;
  }
  if (e.kind === 'priority') {
    const scope = e.themeId ? `「${names.theme ?? '指定卡冊'}」卡牌` : '寶庫商城所有商品';
    return `持有此卡可於${scope}公開發售前 ${e.windowHours} 小時優先購買。`;
  }
  return `持卡期間可免費領取「${names.product ?? '指定商品'}」一件${limitText(e.limit)}，於商城下單時自動扣減。`;
}

/**
 * The longest window (hours) by which the priority rights among `rights` open an item of theme `themeId` (null for a
 * product) before its public sale; 0 for none. A right without a theme opens every mall item.
 */
export function longestPriorityWindow(rights: { effect?: PerkEffect | null }[], themeId: string | null): number {
  let hours = 0;
  for (const { effect: e } of rights) {
    if (e?.kind === 'priority' && (e.themeId === null || e.themeId === themeId)) hours = Math.max(hours, e.windowHours);
  }
  return hours;
}

/** The perk a pay order used, as the buyer sees it. */
export const AppliedPerkSchema = z.object({
  /** The right's title (商城 8 折（每月一次）). */
  title: z.string(),
  /** The card that granted it. */
  cardName: z.string(),
  /** What it saved, HKD cents. */
  saving: z.number().int(),
});
export type AppliedPerk = z.infer<typeof AppliedPerkSchema>;

/** `perk/preview`: the perk an order of this mall item would get now (the pay screen shows it before 確認付款). */
export const PerkPreviewQuerySchema = z.object({
  type: z.enum(['card', 'product'], { message: '「類型」只可以是 card 或 product' }),
  id: z.string({ error: '請選擇商品' }).min(1, '請選擇商品').max(64, '商品編號不正確'),
  quantity: z.coerce
    .number({ error: '請填寫數量' })
    .int('數量必須是整數')
    .min(1, '數量最少為 1')
    .max(50, '每張訂單最多 50 件')
    .default(1),
});
export type PerkPreviewQuery = z.input<typeof PerkPreviewQuerySchema>;

/**
 * A perk the buyer's cards give on the item that is used up for its period: shown with 「本月已使用」 (or 「已使用」 for a
 * lifetime one) instead of disappearing (issue 44).
 */
export const UsedPerkSchema = z.object({
  title: z.string(),
  cardName: z.string(),
  period: z.enum(PERK_PERIODS),
});
export type UsedPerk = z.infer<typeof UsedPerkSchema>;

/** 「本月已使用」 / 「已使用」: a used-up perk's state. */
export const usedPerkText = (u: Pick<UsedPerk, 'period'>) => (u.period === 'month' ? '本月已使用' : '已使用');

export const PerkPreviewSchema = z.object({
  /** 原價: unit price × quantity. */
  listAmount: z.number().int(),
  /** The perk that would apply, or null. */
  perk: AppliedPerkSchema.nullable(),
  /** When none applies: the best one the buyer's cards give here that is used up this period (null: none). */
  used: UsedPerkSchema.nullable(),
  /** 應付: what the order would cost. */
  amount: z.number().int(),
});
export type PerkPreview = z.infer<typeof PerkPreviewSchema>;
