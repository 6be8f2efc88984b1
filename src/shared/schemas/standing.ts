import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, STANDING_MIN_TRADES } from '../constants';
import { PageQuerySchema } from '../envelope';

/** Seller standing and trade feedback (issue 21 §4): the figures a storefront shows, and the 👍 / 👎 calls. */

// No figure before this many completed trades (in constants.ts, so a storefront's first load does not download zod).
export { STANDING_MIN_TRADES };
/** A feedback may be changed for this long after it was left. */
export const FEEDBACK_EDIT_MS = 7 * 24 * 3600_000;
export const FEEDBACK_COMMENT_MAX = 200;
export const FEEDBACK_RATINGS = ['up', 'down'] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];

/**
 * A user's standing. `memberSince` and `verified` are always there; every figure is null until `trades` reaches
 * `STANDING_MIN_TRADES` (`enough`), so the trade count itself is not sent either.
 */
export const StandingSchema = z.object({
  memberSince: z.iso.datetime(),
  verified: z.boolean(),
  /** At least STANDING_MIN_TRADES completed market trades. */
  enough: z.boolean(),
  /** Completed market sales and purchases. */
  sales: z.number().int().nullable(),
  purchases: z.number().int().nullable(),
  /** Of the market orders the user took part in that ended, the share (0–100, rounded down) that completed. */
  completionRate: z.number().int().min(0).max(100).nullable(),
  /** Median minutes from posting a buy listing to its fill; null with no filled buy listing. */
  typicalResponseMinutes: z.number().int().nullable(),
  /** 👍 share (0–100, rounded down) of the feedback the user received; null with none. */
  thumbsUpShare: z.number().int().min(0).max(100).nullable(),
  /** How much feedback the share counts. */
  feedbackCount: z.number().int().nullable(),
});
export type Standing = z.infer<typeof StandingSchema>;

/** What a standing says below STANDING_MIN_TRADES trades: no figure at all. */
export const NO_STANDING_FIGURES = {
  enough: false,
  sales: null,
  purchases: null,
  completionRate: null,
  typicalResponseMinutes: null,
  thumbsUpShare: null,
  feedbackCount: null,
} as const satisfies Partial<Standing>;

const orderId = z.string({ error: '請指定訂單' }).trim().min(1, '請指定訂單').max(64, '找不到此訂單');

/** `market/feedback/create` and `market/feedback/update`: one per order per side. */
export const FeedbackBodySchema = z.strictObject({
  orderId,
  rating: z.enum(FEEDBACK_RATINGS, { error: '請選擇 👍 或 👎' }),
  comment: z
    .string({ error: '評語須為文字' })
    .trim()
    .max(FEEDBACK_COMMENT_MAX, `評語最多 ${FEEDBACK_COMMENT_MAX} 個字`)
    .default(''),
});
export type FeedbackBody = z.input<typeof FeedbackBodySchema>;

/** `market/feedback/mine?orderId=`: what the caller left on one of their orders. */
export const FeedbackOrderQuerySchema = z.object({ orderId });

/** `market/feedback/list?id=`: feedback a user received, newest first. */
export const FeedbackListQuerySchema = z.object({
  id: z.string({ error: '請選擇用戶' }).trim().min(1, '請選擇用戶').max(64, '找不到此用戶'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type FeedbackListQuery = z.input<typeof FeedbackListQuerySchema>;

/** A feedback as anyone sees it; a hidden comment is not sent. */
export const FeedbackSchema = z.object({
  id: z.string(),
  rating: z.enum(FEEDBACK_RATINGS),
  /** null when an operator hid it. */
  comment: z.string().nullable(),
  hidden: z.boolean(),
  /** The side the author was on. */
  authorRole: z.enum(['buyer', 'seller']),
  author: z.object({ id: z.string(), nickname: z.string(), avatar: z.string().nullable() }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Feedback = z.infer<typeof FeedbackSchema>;

/** The caller's own feedback on an order, and until when they may change it. */
export const MyFeedbackSchema = z.object({
  feedback: FeedbackSchema.nullable(),
  /** Whether the order can be rated now (completed, not yet rated). */
  canCreate: z.boolean(),
  /** Until when the feedback may be changed; null when it cannot (none yet, past 7 days, hidden). */
  editableUntil: z.iso.datetime().nullable(),
});
export type MyFeedback = z.infer<typeof MyFeedbackSchema>;

// ---- back office ---------------------------------------------------------------------------------

export const AdminFeedbackListQuerySchema = PageQuerySchema.extend({
  /** 1 = hidden only, 0 = shown only. */
  hidden: z.enum(['0', '1'], { error: '「隱藏」只可以是 1 或 0' }).optional(),
  rating: z.enum(FEEDBACK_RATINGS, { error: '評價只可以是 up 或 down' }).optional(),
  /** Part of the comment, or an order or user id. */
  q: z.string().trim().max(64, '搜尋字詞最多 64 個字').optional(),
});
export type AdminFeedbackListQuery = z.input<typeof AdminFeedbackListQuerySchema>;

const party = z.object({ id: z.string(), nickname: z.string() });
export const AdminFeedbackSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  rating: z.enum(FEEDBACK_RATINGS),
  comment: z.string(),
  authorRole: z.enum(['buyer', 'seller']),
  author: party,
  subject: party,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  hiddenAt: z.iso.datetime().nullable(),
  hiddenReason: z.string().nullable(),
});
export type AdminFeedback = z.infer<typeof AdminFeedbackSchema>;

export const AdminHideFeedbackBodySchema = z.strictObject({
  id: z.string({ error: '請指定評價' }).trim().min(1, '請指定評價').max(64, '找不到此評價'),
  reason: z.string({ error: '請填寫隱藏原因' }).trim().min(2, '隱藏原因最少 2 個字').max(200, '隱藏原因最多 200 個字'),
});
export const AdminFeedbackIdBodySchema = z.strictObject({
  id: z.string({ error: '請指定評價' }).trim().min(1, '請指定評價').max(64, '找不到此評價'),
});
