import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** Clients whose local counters are kept; the least recently seen go first beyond it. */
const LOCAL_CLIENTS = 50_000;

/** One fixed window per key in Redis: INCR, and the window's expiry set by its first request. */
const INCR_LUA = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('PTTL', KEYS[1])}`;

type Counted = { current: number; ttl: number };
type Callback = (err: Error | null, result?: Counted) => void;
type RedisWithLimit = Redis & { troveRateLimit(key: string, windowMs: number): Promise<[number, number]> };

/** This instance's own count of each client's requests in fixed windows. */
function localCounter() {
  const windows = new LRUCache<string, { count: number; start: number }>({ max: LOCAL_CLIENTS });
  return (key: string, windowMs: number): Counted => {
    const now = Date.now();
    let w = windows.get(key);
    if (!w || now - w.start >= windowMs) windows.set(key, (w = { count: 0, start: now }));
    w.count++;
    return { current: w.count, ttl: w.start + windowMs - now };
  };
}

/**
 * The store of @fastify/rate-limit: the counters in Redis, shared by every instance, while Redis answers; this
 * instance's own counters otherwise (not connected, or a command failed or took over its bound), so a client is
 * never unlimited. The local count is kept all the time: a client already over the limit here stays limited the
 * moment Redis goes away. While Redis is away each instance allows a client the whole limit (docs/decisions/027).
 */
export function fallbackStore(redis: Redis | undefined, prefix: string, onError: (err: unknown) => void) {
  const local = localCounter();
  const shared = redis as RedisWithLimit | undefined;
  if (shared && !shared.troveRateLimit) shared.defineCommand('troveRateLimit', { numberOfKeys: 1, lua: INCR_LUA });
  return class FallbackStore {
    incr(key: string, cb: Callback, windowMs: number) {
      const mine = local(key, windowMs);
      if (!shared || shared.status !== 'ready') return cb(null, mine);
      shared.troveRateLimit(prefix + key, windowMs).then(
        ([current, ttl]) => cb(null, { current, ttl }),
        (err: unknown) => {
          onError(err);
          cb(null, mine);
        },
      );
    }
    child() {
      return this;
    }
  };
}

/** The API's rate limit per client (RATE_LIMIT_PER_MINUTE): the API and the sandbox checkout pages. */
export async function registerRateLimit(
  app: FastifyInstance,
  opts: { max: number; redis?: Redis; namespace: string; onError: (err: unknown) => void },
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: opts.max,
    timeWindow: 60_000,
    store: fallbackStore(opts.redis, opts.namespace, opts.onError),
    // The API and the sandbox checkout pages (which pay orders); the web app's static files are not counted.
    allowList: (request) => !(request.url.startsWith('/api/') || request.url.startsWith('/pay/')),
    errorResponseBuilder: () => ({ statusCode: 429, code: 429, msg: '操作過於頻繁，請稍後再試', data: null }),
  });
}
