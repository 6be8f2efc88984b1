import type { Deps } from '../../deps';
import { rateLimited } from '../../errors';
import {
  isQueueTopic,
  stockTopic,
  type LiveTopic,
  type StockEvent,
  type StockTopic,
  type StreamMessage,
  type TopicEvent,
  type UserEvent,
} from '../../../shared/schemas/live';
import type { CatalogueService } from '../catalogue/catalogue.service';
import { createLiveHub } from './live-hub';

/** At most one stock event per topic per this interval: a burst of sales is one message (docs/decisions/037). */
export const STOCK_COALESCE_MS = 250;

type Supply = { kind: 'card' | 'product'; id: string };

const itemOf = (topic: StockTopic): Supply => {
  const [name, id] = [topic.slice(0, topic.indexOf(':')), topic.slice(topic.indexOf(':') + 1)];
  return { kind: name === 'drop' ? 'card' : 'product', id };
};

/**
 * Live updates (issue 23): stock and sale state of mall items to anyone following their topic, and a signed-in
 * user's own events. Messages go to every instance through the broadcast (Redis pub/sub or in-process).
 */
export function createLiveService(
  deps: Pick<Deps, 'broadcast' | 'config' | 'log'>,
  svc: { catalogue: Pick<CatalogueService, 'onSupplyChange' | 'supplyState'> },
) {
  const hub = createLiveHub(deps.broadcast, (err) => deps.log.warn({ err }, 'live: a stream listener failed'));
  const streamsByIp = new Map<string, number>();
  /** Per topic: when the last stock event went out, and whether one is already due. */
  /** Snapshot reads under way, by topic: streams opening together share one. */
  const reading = new Map<string, Promise<StockEvent | null>>();
  const stockTimers = new Map<string, { sentAt: number; timer: NodeJS.Timeout | null }>();

  const stockEvent = async (topic: StockTopic): Promise<StockEvent | null> => {
    const state = await svc.catalogue.supplyState(itemOf(topic));
    return state && { type: 'stock', topic, ...state };
  };
  const sendStock = async (topic: StockTopic) => {
    try {
      const event = await stockEvent(topic);
      if (event) hub.publish({ topic, event });
    } catch (err) {
      deps.log.warn({ err, topic }, 'live: stock not sent');
    }
  };
  /** Leading edge at once, then at most one per STOCK_COALESCE_MS (the last one reads the state after the burst). */
  const stockMoved = (item: Supply) => {
    const topic = stockTopic(item.kind, item.id);
    const now = Date.now();
    const t = stockTimers.get(topic) ?? { sentAt: 0, timer: null };
    stockTimers.set(topic, t);
    if (t.timer) return;
    const wait = Math.max(0, t.sentAt + STOCK_COALESCE_MS - now);
    const fire = () => {
      t.timer = null;
      t.sentAt = Date.now();
      void sendStock(topic);
      // Forgotten once quiet, so the map holds only topics that moved lately.
      setTimeout(() => {
        if (!t.timer && Date.now() - t.sentAt >= STOCK_COALESCE_MS) stockTimers.delete(topic);
      }, STOCK_COALESCE_MS * 2).unref();
    };
    if (wait === 0) fire();
    else t.timer = setTimeout(fire, wait);
  };
  const stopWatching = svc.catalogue.onSupplyChange(stockMoved);

  return {
    /** Sends `event` to every open stream of `userId`, on every instance. Call it after the commit that caused it. */
    publishUser(userId: string, event: UserEvent): void {
      hub.publish({ topic: 'user', event }, userId);
    },

    /** Sends `event` to every stream following `topic`, on every instance. Call it after the commit that caused it. */
    publishTopic(topic: LiveTopic, event: TopicEvent): void {
      hub.publish({ topic, event });
    },

    /** A mall item's supply changed (also told by the catalogue after each commit that moves it): coalesced. */
    stockMoved,

    /**
     * The current stock event of a topic (what a new stream gets first), or null for an unknown item: the last one
     * this instance heard while it had streams for the topic, else read (once per topic, not once per stream). A
     * waiting room's topic has none: the screen reads its place from queue/status first.
     */
    async snapshot(topic: LiveTopic): Promise<TopicEvent | null> {
      const kept = hub.latest(topic);
      if (kept) return kept.event as TopicEvent;
      if (isQueueTopic(topic)) return null;
      let read = reading.get(topic);
      if (!read) {
        read = stockEvent(topic).finally(() => reading.delete(topic));
        reading.set(topic, read);
      }
      const event = await read;
      if (event) hub.keep({ topic, event });
      return event;
    },

    /**
     * Admits one more stream from `ip` (429 past STREAM_PER_IP), then calls `send` with every message of `topics`
     * and of `userId`'s own; answers the close, which forgets the stream.
     */
    open(ip: string, topics: LiveTopic[], userId: string | null, send: (m: StreamMessage) => void): () => void {
      const count = streamsByIp.get(ip) ?? 0;
      if (count >= deps.config.STREAM_PER_IP) throw rateLimited('同時開啟的即時連線太多，請關閉其他分頁後再試');
      streamsByIp.set(ip, count + 1);
      const leave = hub.listen(topics, userId, send);
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        leave();
        const left = (streamsByIp.get(ip) ?? 1) - 1;
        if (left <= 0) streamsByIp.delete(ip);
        else streamsByIp.set(ip, left);
      };
    },

    /** The topics some stream on this instance follows (the waiting rooms it keeps ticking, decision 044). */
    listened: (): LiveTopic[] => hub.listened() as LiveTopic[],

    /** Open streams and listeners held (tests: nothing is left behind after a disconnect). */
    stats: () => ({ ...hub.stats(), addresses: streamsByIp.size, pendingStock: stockTimers.size }),

    close(): void {
      stopWatching();
      for (const t of stockTimers.values()) if (t.timer) clearTimeout(t.timer);
      stockTimers.clear();
      hub.close();
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
