import { z } from 'zod';
import { adminPageFields, textField } from './admin-common';

/* Back office: exchange code batches (/api/admin/codeBatches…). */

export const ADMIN_BATCH_MAX = 10_000;

export const AdminCodeBatchListQuerySchema = z.object({
  ...adminPageFields,
  status: z.enum(['active', 'voided'], { message: '「狀態」只可以是 active 或 voided' }).optional(),
});

export const AdminCodeBatchSchema = z.object({
  id: z.string(),
  /** What every code of the batch grants: one card of a card info, or a random card of a theme. */
  target: z.object({ kind: z.enum(['cardInfo', 'theme']), id: z.string(), name: z.string() }),
  count: z.number().int(),
  used: z.number().int(),
  unused: z.number().int(),
  voided: z.number().int(),
  status: z.enum(['active', 'voided']),
  note: z.string(),
  createdAt: z.iso.datetime(),
  /** The operator who generated it; null for batches made with `npm run codes`. */
  createdBy: z.string().nullable(),
  /** The clear codes can still be downloaded (once). */
  csvAvailable: z.boolean(),
  csvDownloadedAt: z.iso.datetime().nullable(),
});
export type AdminCodeBatch = z.infer<typeof AdminCodeBatchSchema>;

const targetId = z.string().trim().min(1).max(64);
export const AdminCodeBatchCreateSchema = z
  .strictObject({
    cardInfoId: targetId.optional(),
    themeId: targetId.optional(),
    count: z
      .number({ error: '「數量」須為整數' })
      .int('「數量」須為整數')
      .min(1, '「數量」不能小於 1')
      .max(ADMIN_BATCH_MAX, `「數量」不能大於 ${ADMIN_BATCH_MAX}`),
    note: textField('備註', 200).default(''),
  })
  .refine((v) => (v.cardInfoId === undefined) !== (v.themeId === undefined), {
    message: '請指定卡牌或卡冊其中一項',
    path: ['cardInfoId'],
  });
export type AdminCodeBatchCreate = z.input<typeof AdminCodeBatchCreateSchema>;
