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
  /** Calls `fn` whenever messages may have been missed (the Redis connection was lost and came back). */
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

export interface RedisBroadcastOptions {
  /** Prefix of the Redis channel names (tests use their own so parallel runs do not hear each other). */
  namespace?: string;
  /** Told about a publish Redis refused or a handler that threw; the message is then lost for the others. */
  onError?: (err: unknown) => void;
}

/**
 * Several instances on one Redis. `redis` publishes; a duplicate of it subscribes (a subscribing
 * connection can do nothing else). Each message carries its sender's id so the sender, which
 * delivered it to itself already, ignores its own echo.
 */
export function createRedisBroadcast(redis: Redis, opts: RedisBroadcastOptions = {}): Broadcast {
  const onError = opts.onError ?? (() => undefined);
  const prefix = opts.namespace ?? 'trove:bc:';
  const self = randomBytes(8).toString('hex');
  const hub = localHub(onError);
  const gapHandlers: (() => void)[] = [];
  const pending: Promise<unknown>[] = [];
  const sub = redis.duplicate();
  // Errors surface as failed commands and reconnects; an unhandled 'error' event would only log noise.
  sub.on('error', () => undefined);
  let connectedBefore = false;
  let live = false;
  sub.on('ready', () => {
    live = true;
    // ioredis resubscribes by itself after a reconnect; what was published meanwhile is gone.
    if (connectedBefore) for (const fn of gapHandlers) fn();
    connectedBefore = true;
  });
  sub.on('close', () => {
    live = false;
  });
  sub.on('message', (redisChannel: string, raw: string) => {
    const cut = raw.indexOf('\n');
    if (cut < 0 || raw.slice(0, cut) === self || !redisChannel.startsWith(prefix)) return;
    hub.deliver(redisChannel.slice(prefix.length), raw.slice(cut + 1));
  });

  return {
    publish(channel, message) {
      hub.deliver(channel, message);
      redis.publish(prefix + channel, `${self}\n${message}`).catch(onError);
    },
    subscribe(channel, onMessage) {
      if (!hub.handlers.has(channel)) pending.push(sub.subscribe(prefix + channel).catch(onError));
      return hub.add(channel, onMessage);
    },
    onGap(fn) {
      gapHandlers.push(fn);
    },
    live: () => live,
    async ready() {
      await Promise.allSettled(pending);
    },
    async close() {
      live = false;
      await sub.quit().catch(() => sub.disconnect());
    },
  };
}
