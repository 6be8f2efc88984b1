import { z } from 'zod';
import { PageQuerySchema } from '../envelope';

/** Web Push (issue 23, docs/decisions/038-notification-delivery.md): the calls of /my/notify and the back office. */

/** `push/key`: the server's public VAPID key, base64url (the browser's `applicationServerKey`). */
export const PushKeySchema = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof PushKeySchema>;

const base64url = (label: string, min: number, max: number) =>
  z
    .string({ error: `請提供「${label}」` })
    .trim()
    .min(min, `「${label}」格式不正確`)
    .max(max, `「${label}」格式不正確`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `「${label}」格式不正確`);

const endpoint = z
  .string({ error: '請提供推送端點' })
  .trim()
  .min(1, '請提供推送端點')
  .max(2000, '推送端點太長')
  .regex(/^https?:\/\/[^\s/]+\/\S*$/, '推送端點須為網址');

/** `push/subscribe`: `PushSubscription.toJSON()` (endpoint and keys) and a short label of the device. */
export const PushSubscribeBodySchema = z.strictObject({
  endpoint,
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes, 87 characters) and a 16-byte secret (22 characters).
      p256dh: base64url('p256dh', 80, 100),
      auth: base64url('auth', 16, 32),
    },
    { error: '請提供訂閱金鑰（keys.p256dh、keys.auth）' },
  ),
  /** 「Chrome · Android」: shown to the user beside the device; at most 60 characters. */
  userAgent: z.string().trim().max(60, '「裝置名稱」最多 60 個字').optional(),
});
export type PushSubscribeBody = z.input<typeof PushSubscribeBodySchema>;

export const PushSubscriptionSchema = z.object({ id: z.string(), userAgent: z.string(), createdAt: z.iso.datetime() });
export type PushSubscriptionView = z.infer<typeof PushSubscriptionSchema>;

/** `push/unsubscribe`: this browser's endpoint, or a subscription's id; only the caller's own. */
export const PushUnsubscribeBodySchema = z.union(
  [
    z.strictObject({ endpoint }),
    z.strictObject({ subscriptionId: z.string().trim().min(1, '請指定裝置').max(64, '找不到此裝置') }),
  ],
  { error: '請指定推送端點（endpoint）或裝置（subscriptionId）' },
);
export type PushUnsubscribeBody = z.input<typeof PushUnsubscribeBodySchema>;
export const PushUnsubscribeResultSchema = z.object({ removed: z.number().int() });

/* ---- Back office: the dead letters ---- */

export const DeadLetterQuerySchema = PageQuerySchema.extend({
  channel: z.enum(['push', 'sms'], { error: '「渠道」只可為 push 或 sms' }).optional(),
});
export type DeadLetterQuery = z.input<typeof DeadLetterQuerySchema>;

/** An outbox row delivery gave up on: who, which channel, what, how many tries, the last error, when. */
export const DeadLetterSchema = z.object({
  id: z.string(),
  user: z.object({ id: z.string(), nickname: z.string(), phoneMasked: z.string() }),
  channel: z.enum(['push', 'sms']),
  kind: z.string(),
  /** The kind's zh-HK label. */
  label: z.string(),
  title: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** When the last try was due. */
  failedAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
});
export type DeadLetter = z.infer<typeof DeadLetterSchema>;

export const DeadLetterRetryBodySchema = z.strictObject({
  id: z.string().trim().min(1, '請填寫「編號」').max(64, '找不到此通知'),
});
export const DeadLetterRetryResultSchema = z.object({ id: z.string(), status: z.literal('pending') });
