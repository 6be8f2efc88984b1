import { z } from 'zod';
import { PageQuerySchema } from '../envelope';

/** Back office (PRODUCT.md §8): the audit log search. Shared with the admin web app's forms. */

const text = (label: string, max = 64) => z.string().trim().max(max, `「${label}」最多 ${max} 個字`).optional();
const instant = (label: string) =>
  z.iso.datetime({ offset: true, error: `「${label}」須為 ISO-8601 時間，例如 2026-11-22T00:00:00Z` }).optional();

export const AuditSearchQuerySchema = PageQuerySchema.extend({
  actorId: text('操作人員'),
  /** A dotted verb, exactly: `withdrawal.pay`, `user.disable`… */
  action: text('操作'),
  targetType: text('對象類型'),
  targetId: text('對象'),
  /** From this instant (inclusive) … */
  from: instant('開始時間'),
  /** … to this one (exclusive). */
  to: instant('結束時間'),
  /** Part of the action or the target id, or a request id. */
  q: text('搜尋字詞', 100),
}).refine((v) => !v.from || !v.to || v.from < v.to, { message: '結束時間必須遲於開始時間', path: ['to'] });
export type AuditSearchQuery = z.input<typeof AuditSearchQuerySchema>;

export const AuditRecordSchema = z.object({
  id: z.string(),
  actor: z.object({ id: z.string(), phone: z.string(), nickname: z.string() }),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  requestId: z.string(),
  createdAt: z.string(),
});
export type AuditRecord = z.infer<typeof AuditRecordSchema>;
