import type { Broadcast } from '../../adapters/broadcast';
import type { StreamMessage } from '../../../shared/schemas/live';

/** The broadcast channels of live messages: every instance hears all of them and delivers to its own streams. */
const TOPIC_CHANNEL = 'live:topic';
const USER_CHANNEL = 'live:user';

type Send = (m: StreamMessage) => void;

/**
 * This instance's open streams by topic and by user, fed by two broadcast channels (decision 015's adapter, so
 * Redis pub/sub across instances, in-process otherwise). Two channels for everything, rather than one per topic or
 * user, because the Redis adapter never unsubscribes a channel: per-user channels would pile up on a long-lived
 * instance. Every instance parses every live message; stock events are coalesced and notifications are few.
 */
export function createLiveHub(broadcast: Broadcast, onError: (err: unknown) => void) {
  const byTopic = new Map<string, Set<Send>>();
  /** The last message of each topic this instance has streams for: what a new stream gets first, without a query. */
  const latest = new Map<string, StreamMessage>();
  // Messages may have been missed: what was kept from them is not the state any more.
  broadcast.onGap(() => latest.clear());
  const byUser = new Map<string, Set<Send>>();
  const deliver = (set: Set<Send> | undefined, m: StreamMessage) => {
    for (const send of set ?? []) {
      try {
        send(m);
      } catch (err) {
        onError(err);
      }
    }
  };
  const parse = (raw: string): { key: string; m: StreamMessage } | null => {
    try {
      const v = JSON.parse(raw) as { key?: unknown; m?: StreamMessage };
      return typeof v.key === 'string' && v.m ? { key: v.key, m: v.m } : null;
    } catch {
      return null;
    }
  };
  const offTopic = broadcast.subscribe(TOPIC_CHANNEL, (raw) => {
    const v = parse(raw);
    if (!v || !byTopic.has(v.key)) return;
    latest.set(v.key, v.m);
    deliver(byTopic.get(v.key), v.m);
  });
  const offUser = broadcast.subscribe(USER_CHANNEL, (raw) => {
    const v = parse(raw);
    if (v) deliver(byUser.get(v.key), v.m);
  });
  const add = (map: Map<string, Set<Send>>, key: string, send: Send) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(send);
    return () => {
      set.delete(send);
      if (set.size > 0 || map.get(key) !== set) return;
      map.delete(key);
      if (map === byTopic) latest.delete(key);
    };
  };
  let streams = 0;

  return {
    /** To every instance: a topic's message, or (with `userId`) one user's. */
    publish(m: StreamMessage, userId?: string) {
      if (userId === undefined) broadcast.publish(TOPIC_CHANNEL, JSON.stringify({ key: m.topic, m }));
      else broadcast.publish(USER_CHANNEL, JSON.stringify({ key: userId, m }));
    },
    /** The last message of `topic` while this instance has streams for it and the broadcast is live, or null. */
    latest: (topic: string) => (broadcast.live() ? (latest.get(topic) ?? null) : null),
    /** Keeps `m` as the topic's state if nothing newer came meanwhile (a snapshot read from the database). */
    keep(m: StreamMessage) {
      if (byTopic.has(m.topic) && !latest.has(m.topic)) latest.set(m.topic, m);
    },
    /** One stream's listeners; answers their removal. */
    listen(topics: string[], userId: string | null, send: Send): () => void {
      const offs = topics.map((t) => add(byTopic, t, send));
      if (userId) offs.push(add(byUser, userId, send));
      streams++;
      return () => {
        streams--;
        for (const off of offs) off();
      };
    },
    /** The topics some stream on this instance follows. */
    listened: (): string[] => [...byTopic.keys()],
    stats: () => ({
      streams,
      topics: byTopic.size,
      kept: latest.size,
      users: byUser.size,
      listeners: [...byTopic.values(), ...byUser.values()].reduce((n, s) => n + s.size, 0),
    }),
    close() {
      offTopic();
      offUser();
    },
  };
}
