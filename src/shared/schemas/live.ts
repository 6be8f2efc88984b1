import { z } from 'zod';
import { SALE_STATES } from '../sale-states';
import { DROP_KINDS, type DropKind } from './queue';

/** Live updates (issue 23, docs/decisions/037-live-stream.md): what `GET /api/stream` carries. */

/** At most this many topics per stream (a screen needs one or two). */
export const STREAM_MAX_TOPICS = 10;

/**
 * `drop:<cardInfoId>` (a card info the mall sells), `product:<productId>`, or `queue.<kind>:<id>` (a hot drop's
 * waiting room: how far its admissions have come, decision 044).
 */
export const TOPIC_PATTERN = new RegExp(`^(drop|product|queue\\.(${DROP_KINDS.join('|')})):[A-Za-z0-9_-]{1,64}$`);
export type StockTopic = `drop:${string}` | `product:${string}`;
export type QueueTopic = `queue.${DropKind}:${string}`;
export type LiveTopic = StockTopic | QueueTopic;

/** The topic of a mall item's stock and sale state. */
export const stockTopic = (kind: 'card' | 'product', id: string): StockTopic =>
  kind === 'card' ? `drop:${id}` : `product:${id}`;

/** The topic of a hot drop's waiting room. */
export const queueTopic = (kind: DropKind, id: string): QueueTopic => `queue.${kind}:${id}`;

export const isQueueTopic = (topic: LiveTopic): topic is QueueTopic => topic.startsWith('queue.');

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
    .refine((ts) => ts.every((t) => TOPIC_PATTERN.test(t)), '主題格式不正確（drop:…、product:… 或 queue.…:…）'),
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

/**
 * A hot drop's waiting room moved (`queue.<kind>:<id>`): sent at an admission tick that let someone in, and when the
 * operator changes the rate. A waiting buyer's place is their rank less `admitted`: one message per drop serves
 * everyone in its line (decision 044).
 */
export const QueueLineEventSchema = z.object({
  type: z.literal('queue'),
  topic: z.string(),
  /** How many the schedule has admitted by `serverTime`, and the rate from then on. */
  admitted: z.number().int(),
  perMinute: z.number().int(),
  serverTime: z.iso.datetime(),
});
export type QueueLineEvent = z.infer<typeof QueueLineEventSchema>;

/** The user's own event when their turn in a hot drop's waiting room came: the screen asks for its admission. */
export type QueueTurnEvent = {
  type: 'queue-turn';
  kind: DropKind;
  id: string;
};

/** What a topic carries: one kind of event per topic (its last message is a new stream's snapshot). */
export type TopicEvent = StockEvent | QueueLineEvent;

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
  event: z.union([StockEventSchema, QueueLineEventSchema, UserEventSchema]),
});
export type StreamMessage = z.infer<typeof StreamMessageSchema>;
