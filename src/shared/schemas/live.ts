import { z } from 'zod';
import { SALE_STATES } from '../sale-states';

/** Live updates (issue 23, docs/decisions/037-live-stream.md): what `GET /api/stream` carries. */

/** At most this many topics per stream (a screen needs one or two). */
export const STREAM_MAX_TOPICS = 10;

/** `drop:<cardInfoId>` (a card info the mall sells) or `product:<productId>`. */
export const TOPIC_PATTERN = /^(drop|product):[A-Za-z0-9_-]{1,64}$/;
export type LiveTopic = `drop:${string}` | `product:${string}`;

/** The topic of a mall item's stock and sale state. */
export const stockTopic = (kind: 'card' | 'product', id: string): LiveTopic =>
  kind === 'card' ? `drop:${id}` : `product:${id}`;

/** `?topics=drop:a,product:b`: the topics to follow; none is fine (a signed-in user's own events only). */
export const StreamQuerySchema = z.object({
  topics: z
    .string({ error: '「topics」格式不正確' })
    .max(1_000, '關注的主題太多')
    .optional()
    .transform((s) => [
      ...new Set(
        (s ?? '')
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ])
    .refine((ts) => ts.length <= STREAM_MAX_TOPICS, `每條連線最多關注 ${STREAM_MAX_TOPICS} 個主題`)
    .refine((ts) => ts.every((t) => TOPIC_PATTERN.test(t)), '主題格式不正確（drop:… 或 product:…）'),
});

/** A mall item's remaining stock and sale state, sent on subscribing and after each change (coalesced). */
export const StockEventSchema = z.object({
  type: z.literal('stock'),
  topic: z.string(),
  saleState: z.enum(SALE_STATES),
  /** Editions / units that can still be bought. */
  left: z.number().int(),
  /** Edition size / stock. */
  total: z.number().int(),
  /** Minted editions / sold units. */
  taken: z.number().int(),
});
export type StockEvent = z.infer<typeof StockEventSchema>;

/** An event for one signed-in user; the notification centre sends `notification`. */
export const UserEventSchema = z.looseObject({ type: z.string() });
export type UserEvent = z.infer<typeof UserEventSchema>;

/** A new notification, as the bell needs it (the notification centre publishes it after its commit). */
export interface NotificationEvent {
  type: 'notification';
  id: string;
  title: string;
  link: string;
}

/**
 * One message of the stream (the `data:` line, JSON): a topic's event, or the user's own (`topic: 'user'`).
 * The OpenAPI document shows it as the 200 answer; the wire format is text/event-stream.
 */
export const StreamMessageSchema = z.object({
  topic: z.string(),
  event: z.union([StockEventSchema, UserEventSchema]),
});
export type StreamMessage = z.infer<typeof StreamMessageSchema>;
