import { z } from 'zod';
import { ARTICLE_CATEGORIES } from './content';
import { adminPageFields, imageUrl, intField, isoTime, searchQuery, textField } from './admin-common';

/* Back office: banners, articles (drafts: publishedAt null) and privacy policy versions (/api/admin/banners…, articles…, privacy…). */

const id = z.string().trim().min(1, '請填寫「編號」').max(64);
const sort = intField('排序', -1_000_000, 1_000_000);

/** `/mall/detail?id=…` (a path of the app) or an http(s) URL; empty = no link. */
const link = z
  .string({ error: '「連結」格式不正確' })
  .trim()
  .max(500, '「連結」最多 500 個字')
  .refine(
    (v) => v === '' || (v.startsWith('/') && !v.startsWith('//')) || /^https?:\/\/\S+$/i.test(v),
    '「連結」須為 App 內路徑（例如 /mall）或 http(s) 網址',
  );

export const windowProblem = (w: { startsAt?: string | null; endsAt?: string | null }): string | null =>
  w.startsAt && w.endsAt && Date.parse(w.endsAt) <= Date.parse(w.startsAt) ? '「結束時間」必須遲於「開始時間」' : null;

/* ---- Banners ---- */

export const AdminBannerListQuerySchema = z.object({ ...adminPageFields });

export const AdminBannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  image: z.string(),
  link: z.string(),
  sort: z.number().int(),
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
  /** Shown on the home page right now. */
  active: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AdminBanner = z.infer<typeof AdminBannerSchema>;

const bannerFields = {
  title: textField('標題', 60, { required: true }),
  image: imageUrl('圖片'),
  link,
  sort,
  startsAt: isoTime('開始時間').nullable(),
  endsAt: isoTime('結束時間').nullable(),
};
export const AdminBannerCreateSchema = z
  .strictObject({
    ...bannerFields,
    link: link.default(''),
    sort: sort.default(0),
    startsAt: bannerFields.startsAt.default(null),
    endsAt: bannerFields.endsAt.default(null),
  })
  .superRefine((v, ctx) => {
    const problem = windowProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: problem });
  });
export type AdminBannerCreate = z.input<typeof AdminBannerCreateSchema>;
export const AdminBannerUpdateSchema = z.strictObject({ id, ...z.object(bannerFields).partial().shape });
export type AdminBannerUpdate = z.input<typeof AdminBannerUpdateSchema>;

/* ---- Articles ---- */

export const AdminArticleListQuerySchema = z.object({
  ...adminPageFields,
  q: searchQuery,
  category: z.enum(ARTICLE_CATEGORIES, { message: '「類別」只可以是 公告、資訊 或 攻略' }).optional(),
});

export const AdminArticleSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  cover: z.string(),
  category: z.enum(ARTICLE_CATEGORIES),
  summary: z.string(),
  /** Null = draft; a future time = scheduled. */
  publishedAt: z.iso.datetime().nullable(),
  status: z.enum(['draft', 'scheduled', 'published']),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export const AdminArticleSchema = AdminArticleSummarySchema.extend({ body: z.string() });
export type AdminArticle = z.infer<typeof AdminArticleSchema>;

const articleFields = {
  title: textField('標題', 80, { required: true }),
  cover: imageUrl('封面'),
  category: z.enum(ARTICLE_CATEGORIES, { message: '「類別」只可以是 公告、資訊 或 攻略' }),
  summary: textField('摘要', 200),
  /** Plain text with line breaks, as /mall/article shows it. */
  body: textField('內容', 50_000, { required: true }),
  publishedAt: isoTime('發佈時間').nullable(),
};
export const AdminArticleCreateSchema = z.strictObject({
  ...articleFields,
  summary: articleFields.summary.default(''),
  publishedAt: articleFields.publishedAt.default(null),
});
export type AdminArticleCreate = z.input<typeof AdminArticleCreateSchema>;
export const AdminArticleUpdateSchema = z.strictObject({ id, ...z.object(articleFields).partial().shape });
export type AdminArticleUpdate = z.input<typeof AdminArticleUpdateSchema>;

/* ---- Privacy policy versions ---- */

export const AdminPrivacyListQuerySchema = z.object({ ...adminPageFields });

export const AdminPrivacySchema = z.object({
  id: z.string(),
  version: z.string(),
  title: z.string(),
  body: z.string(),
  /** Null = draft. */
  publishedAt: z.iso.datetime().nullable(),
  /** The version users see now (the latest published). */
  current: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type AdminPrivacy = z.infer<typeof AdminPrivacySchema>;

const version = z
  .string({ error: '請填寫「版本」' })
  .trim()
  .regex(
    /^[0-9A-Za-z][0-9A-Za-z.-]{0,31}$/,
    '「版本」只可包含英文字母、數字、點及連字號（最多 32 個字元），例如 2026-12',
  );
export const AdminPrivacyCreateSchema = z.strictObject({
  version,
  title: textField('標題', 80, { required: true }),
  body: textField('內容', 50_000, { required: true }),
});
export type AdminPrivacyCreate = z.input<typeof AdminPrivacyCreateSchema>;
export const AdminPrivacyUpdateSchema = z.strictObject({ id, ...AdminPrivacyCreateSchema.partial().shape });
export type AdminPrivacyUpdate = z.input<typeof AdminPrivacyUpdateSchema>;
