import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Messages to every instance of the app, this one included: invalidation of what an instance keeps
 * in memory (sold-out flags, cached answers). Through Redis pub/sub when REDIS_URL is set, in the
 * process otherwise. Fire and forget: a message can be lost (Redis down), so whatever is kept in
 * memory on the strength of these messages must also expire by itself, and `onGap` says when
 * messages may have been missed.
 */
export interface Broadcast {
  /** Delivers `message` to the subscribers of `channel`: this instance's at once, then the others'. */
  publish(channel: string, message: string): void;
  /** Calls `onMessage` for every message on `channel`, from any instance; answers the unsubscribe. */
  subscribe(channel: string, onMessage: (message: string) => void): () => void;
  /**
   * Calls `fn` whenever messages may have been missed: the subscription was lost or stalled and is back, or a
   * sender's sequence number jumped.
   */
  onGap(fn: () => void): void;
  /** False while messages from other instances cannot arrive (Redis subscription down): trust nothing kept on their strength. */
  live(): boolean;
  /** Resolves once every subscription so far is in place (Redis confirmed it). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

type Handler = (message: string) => void;

/** The handlers of this process, by channel; one failing handler does not keep the message from the others. */
function localHub(onError: (err: unknown) => void) {
  const handlers = new Map<string, Set<Handler>>();
  return {
    handlers,
    deliver(channel: string, message: string) {
      for (const h of handlers.get(channel) ?? []) {
        try {
          h(message);
        } catch (err) {
          onError(err);
        }
      }
    },
    add(channel: string, h: Handler) {
      let set = handlers.get(channel);
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(h);
      return () => {
        set.delete(h);
      };
    },
  };
}

/** One process: messages reach this process's subscribers only. */
export function createLocalBroadcast(opts: { onError?: (err: unknown) => void } = {}): Broadcast {
  const hub = localHub(opts.onError ?? (() => undefined));
  return {
    publish: (channel, message) => hub.deliver(channel, message),
    subscribe: (channel, onMessage) => hub.add(channel, onMessage),
    onGap: () => undefined,
    live: () => true,
    ready: async () => undefined,
    close: async () => undefined,
  };
}

/** How often each instance sends a heartbeat; missing 3 of its own in a row means the subscription is not working. */
export const HEARTBEAT_MS = 1_000;
/** A sender not heard from for this long is forgotten (its sequence number with it). */
const SENDER_MEMORY_MS = 60_000;
/** The channel of the heartbeats (after the namespace); never delivered to subscribers. */
const HEARTBEAT = '~heartbeat';

export interface RedisBroadcastOptions {
  /** Prefix of the Redis channel names (tests use their own so parallel runs do not hear each other). */
  namespace?: string;
  /** Told about a publish Redis refused or a handler that threw; the message is then lost for the others. */
  onError?: (err: unknown) => void;
  /** Attaches the subscribing connection's handlers (errors, logging) and connects it (adapters/redis.ts). */
  watch?: (sub: Redis) => void;
  heartbeatMs?: number;
}

/**
 * Several instances on one Redis. `redis` publishes; a duplicate of it subscribes (a subscribing connection can do
 * nothing else). Each message carries its sender's id and sequence number: the sender, which delivered it to itself
 * already, ignores its own echo, and a receiver that sees a sender's number jump (a message lost: Redis refused the
 * publish, or the subscription missed it) reports a gap. Every instance sends a heartbeat each `heartbeatMs`; while
 * its own do not come back (Redis stopped answering without closing the connection), it is not live.
 */
export function createRedisBroadcast(redis: Redis, opts: RedisBroadcastOptions = {}): Broadcast {
  const onError = opts.onError ?? (() => undefined);
  const prefix = opts.namespace ?? 'trove:bc:';
  const beat = opts.heartbeatMs ?? HEARTBEAT_MS;
  const self = randomBytes(8).toString('hex');
  const hub = localHub(onError);
  const gapHandlers: (() => void)[] = [];
  const senders = new Map<string, { seq: number; at: number }>();
  let seq = 0;
  let subscribed = false;
  let live = false;
  let liveBefore = false;
  let lastEcho = 0;
  let confirmFirst = () => undefined as void;
  const firstSubscribed = new Promise<void>((resolve) => (confirmFirst = resolve));
  const gap = () => {
    for (const fn of gapHandlers) fn();
  };
  /** Live again (subscribed, own heartbeats coming back): whatever was kept before may have missed messages. */
  const becomeLive = () => {
    live = true;
    if (liveBefore) gap();
    liveBefore = true;
  };

  const sub = redis.duplicate();
  const channels = () => [prefix + HEARTBEAT, ...[...hub.handlers.keys()].map((c) => prefix + c)];
  const subscribeAll = async () => {
    try {
      await sub.subscribe(...channels());
      subscribed = true;
      lastEcho = Date.now();
      becomeLive();
      confirmFirst();
    } catch (err) {
      onError(err);
    }
  };
  // ioredis resubscribes by itself after a reconnect, but not to what it could not subscribe to while down.
  sub.on('ready', () => void subscribeAll());
  sub.on('close', () => {
    subscribed = false;
    live = false;
  });
  sub.on('message', (redisChannel: string, raw: string) => {
    const cut = raw.indexOf('\n');
    const [sender, n] = raw.slice(0, cut).split(' ');
    const number = Number(n);
    if (cut < 0 || !sender || !Number.isInteger(number) || !redisChannel.startsWith(prefix)) return;
    if (sender === self) {
      lastEcho = Date.now();
      if (!live && subscribed) becomeLive();
      return;
    }
    const before = senders.get(sender);
    senders.set(sender, { seq: number, at: Date.now() });
    if (before && number !== before.seq + 1) gap();
    const channel = redisChannel.slice(prefix.length);
    if (channel !== HEARTBEAT) hub.deliver(channel, raw.slice(cut + 1));
  });
  if (opts.watch) opts.watch(sub);
  else sub.on('error', () => undefined);

  const send = (channel: string, message: string) =>
    redis.publish(prefix + channel, `${self} ${++seq}\n${message}`).catch(onError);
  const heartbeat = setInterval(() => {
    void send(HEARTBEAT, '');
    const now = Date.now();
    if (live && now - lastEcho > 3 * beat) live = false;
    for (const [id, s] of senders) if (now - s.at > SENDER_MEMORY_MS) senders.delete(id);
  }, beat);
  heartbeat.unref();

  return {
    publish(channel, message) {
      hub.deliver(channel, message);
      void send(channel, message);
    },
    subscribe(channel, onMessage) {
      if (!hub.handlers.has(channel) && sub.status === 'ready') sub.subscribe(prefix + channel).catch(onError);
      return hub.add(channel, onMessage);
    },
    onGap(fn) {
      gapHandlers.push(fn);
    },
    live: () => live,
    async ready() {
      // Redis down at start: serve without what needs it rather than not start (readiness says so).
      await Promise.race([firstSubscribed, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    },
    async close() {
      clearInterval(heartbeat);
      live = false;
      sub.removeAllListeners('ready');
      await sub.quit().catch(() => sub.disconnect());
    },
  };
}
