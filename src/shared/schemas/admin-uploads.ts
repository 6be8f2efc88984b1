import { z } from 'zod';

/* Back office: image uploads (POST /api/admin/uploads, multipart). */

export const UPLOAD_PURPOSES = ['card_info', 'theme', 'product', 'banner', 'article'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TOO_LARGE = '圖片不能超過 10 MB';

export const UploadPurposeSchema = z.enum(UPLOAD_PURPOSES, {
  message: '「用途」只可以是 card_info、theme、product、banner 或 article',
});

export const AdminUploadSchema = z.object({
  id: z.string(),
  /** The 640-wide variant (or the widest there is): what a form stores in its image field. */
  url: z.string(),
  variants: z.array(z.object({ width: z.number().int(), height: z.number().int(), url: z.string() })),
});
export type AdminUpload = z.infer<typeof AdminUploadSchema>;
