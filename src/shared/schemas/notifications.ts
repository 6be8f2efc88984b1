import { z } from 'zod';
import { PageQuerySchema } from '../envelope';

/**
 * The notification centre (issue 23, docs/decisions/034-notifications.md). Kinds are registered on the server
 * (`modules/notifications/notification-kinds.ts`); the answers name them and carry their zh-HK labels.
 */

/** Channels beside the app itself (in-app is always on). */
export const NOTIFY_CHANNELS = ['push', 'sms'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];
export const NOTIFY_CHANNEL_LABELS: Record<NotifyChannel, string> = { push: '推送通知', sms: '短訊' };

/** The bell's badge stops counting here (「99+」). */
export const UNREAD_BADGE_MAX = 99;

const kind = z
  .string({ error: '請指定通知類別' })
  .trim()
  .min(1, '請指定通知類別')
  .max(40, '沒有此通知類別')
  .regex(/^[a-zA-Z]+$/, '沒有此通知類別');

/** `notification/list?status=unread|read|all&page=&pageSize=`: newest first. */
export const NotificationListQuerySchema = PageQuerySchema.extend({
  status: z.enum(['unread', 'read', 'all'], { error: '「狀態」只可為 unread、read 或 all' }).default('all'),
});
export type NotificationListQuery = z.input<typeof NotificationListQuerySchema>;

export const NotificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  /** The kind's zh-HK label (已售出, 已發貨…). */
  label: z.string(),
  title: z.string(),
  body: z.string(),
  /** The app path the entry opens; null when it opens nothing. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationPageSchema = z.object({
  list: z.array(NotificationSchema),
  total: z.number().int(),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

/** `notification/unread`: what the bell shows. */
export const UnreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

/** At most this many ids per `notification/read`. */
export const READ_MAX_IDS = 100;

/** `notification/read`: `{ids}` (the caller's own; others are ignored) or `{all: true}`. */
export const NotificationReadBodySchema = z.union(
  [
    z.strictObject({
      ids: z
        .array(z.string().min(1, '請指定通知').max(64, '找不到此通知'), { error: '請指定通知' })
        .min(1, '請指定通知')
        .max(READ_MAX_IDS, `每次最多標記 ${READ_MAX_IDS} 項`),
    }),
    z.strictObject({ all: z.literal(true, { error: '「all」只可為 true' }) }),
  ],
  { error: '請指定通知（ids）或全部（all: true）' },
);
export type NotificationReadBody = z.input<typeof NotificationReadBodySchema>;

/** How many were marked read by this call. */
export const NotificationReadResultSchema = z.object({ marked: z.number().int(), unread: z.number().int() });

/** One kind's channels: whether the channel may be used for it, and whether it is on for the caller. */
const ChannelStateSchema = z.object({ allowed: z.boolean(), enabled: z.boolean() });

/** `notification/prefs`: every registered kind, with its label and channels. */
export const NotificationPrefSchema = z.object({
  kind: z.string(),
  label: z.string(),
  push: ChannelStateSchema,
  sms: ChannelStateSchema,
});
export type NotificationPref = z.infer<typeof NotificationPrefSchema>;
export const NotificationPrefsSchema = z.array(NotificationPrefSchema);

/** `POST notification/prefs`: switches to set (at most one per kind and channel). */
export const NotificationPrefsBodySchema = z.strictObject({
  prefs: z
    .array(
      z.strictObject({
        kind,
        channel: z.enum(NOTIFY_CHANNELS, { error: '「渠道」只可為 push 或 sms' }),
        enabled: z.boolean({ error: '「開啟」只可為 true 或 false' }),
      }),
      { error: '請指定通知設定' },
    )
    .min(1, '請指定通知設定')
    .max(100, '每次最多更改 100 項設定'),
});
export type NotificationPrefsBody = z.input<typeof NotificationPrefsBodySchema>;
