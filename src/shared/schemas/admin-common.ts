import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants';

/**
 * Pieces every back-office schema uses (contract: /api/admin/…, PRODUCT.md §6, §8). Shared with the admin web
 * app, whose forms validate with the same schemas.
 */

/** `page` (from 1) and `pageSize` (≤ 50) of every admin list; the total is the `X-Total-Count` header. */
export const adminPageFields = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
};

/** A free-text search (`q`): trimmed, at most 100 characters, blank = no filter. */
export const searchQuery = z
  .string()
  .trim()
  .max(100, '「搜尋字詞」最多 100 個字')
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** A query-string flag: `1` / `true` or `0` / `false`. */
export const queryFlag = (label: string) =>
  z
    .enum(['1', '0', 'true', 'false'], { message: `「${label}」只可以是 1 或 0` })
    .transform((v) => v === '1' || v === 'true')
    .optional();

export const AdminIdQuerySchema = z.object({ id: z.string().trim().min(1, '請填寫「編號」').max(64) });
export const AdminIdBodySchema = z.strictObject({ id: z.string().trim().min(1, '請填寫「編號」').max(64) });

/** An ISO-8601 time with a zone (`2026-11-22T10:00:00Z`, `…+08:00`); answers are always UTC (`Z`). */
export const isoTime = (label: string) =>
  z.iso.datetime({ offset: true, message: `「${label}」須為 ISO-8601 時間，例如 2026-12-01T10:00:00+08:00` });

/** A picture: an uploaded image's URL (`/uploads/…`, or the S3 public URL), or another site's https URL. */
export const imageUrl = (label: string) =>
  z
    .string({ error: `請填寫「${label}」` })
    .trim()
    .min(1, `請填寫「${label}」`)
    .max(500, `「${label}」最多 500 個字`)
    .refine(
      (v) => (v.startsWith('/') ? !v.startsWith('//') : /^https?:\/\/[^\s]+$/i.test(v)),
      `「${label}」須為上載圖片的網址（/uploads/… 或 https://…）`,
    );

export const textField = (label: string, max: number, opts: { required?: boolean } = {}) =>
  opts.required
    ? z
        .string({ error: `請填寫「${label}」` })
        .trim()
        .min(1, `請填寫「${label}」`)
        .max(max, `「${label}」最多 ${max} 個字`)
    : z
        .string({ error: `「${label}」格式不正確` })
        .trim()
        .max(max, `「${label}」最多 ${max} 個字`);

export const intField = (label: string, min: number, max: number) =>
  z
    .number({ error: `「${label}」須為整數` })
    .int(`「${label}」須為整數`)
    .min(min, `「${label}」不能小於 ${min}`)
    .max(max, `「${label}」不能大於 ${max}`);
