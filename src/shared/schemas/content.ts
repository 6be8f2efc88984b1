import { z } from 'zod';

export const BannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  image: z.string(),
  link: z.string(),
});
export type Banner = z.infer<typeof BannerSchema>;

export const ARTICLE_CATEGORIES = ['公告', '資訊', '攻略'] as const;

export const ArticleSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  cover: z.string(),
  category: z.enum(ARTICLE_CATEGORIES),
  summary: z.string(),
  publishedAt: z.iso.datetime(),
});
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>;

export const ArticleSchema = ArticleSummarySchema.extend({ body: z.string() });
export type Article = z.infer<typeof ArticleSchema>;

export const ArticleListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
  category: z.enum(ARTICLE_CATEGORIES).optional(),
});

export const PrivacySchema = z.object({
  version: z.string(),
  title: z.string(),
  body: z.string(),
  publishedAt: z.iso.datetime(),
});
export type Privacy = z.infer<typeof PrivacySchema>;
