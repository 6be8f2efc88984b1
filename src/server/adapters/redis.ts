import { Redis, type RedisOptions } from 'ioredis';

/** How long a Redis command may take before the request goes on without it (docs/decisions/027). */
export const REDIS_COMMAND_TIMEOUT_MS = 200;
/**
 * How long a connection's handshake (HELLO, CLIENT SETINFO, the INFO ready check) may take. ioredis bounds those by
 * the command bound too, and a server whose event loop stalls past 200 ms at that moment dropped each new connection:
 * on the gate's starved machine an instance never got Redis back (gate 2 of 2026-12-02). No request waits on it:
 * until the connection is ready, commands fail at once (no offline queue).
 */
export const REDIS_HANDSHAKE_TIMEOUT_MS = 5_000;
/** At most one log line per this interval for each kind of Redis trouble. */
export const REDIS_LOG_EVERY_MS = 30_000;

/**
 * A Redis that never makes a request wait: a command fails after REDIS_COMMAND_TIMEOUT_MS, at once while
 * disconnected (no offline queue), and is never retried; reconnects go on in the background, at most a second
 * apart. `lazyConnect`: the caller attaches its handlers (`watchRedis`) before the first connection, so no error
 * ever reaches ioredis's own "Unhandled error event" output.
 */
export const redisOptions = (): RedisOptions => ({
  lazyConnect: true,
  connectTimeout: 1_000,
  // The handshake's bound until the connection is ready; then the commands' (`watchRedis`).
  commandTimeout: REDIS_HANDSHAKE_TIMEOUT_MS,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  autoResendUnfulfilledCommands: false,
  retryStrategy: (times) => Math.min(times * 100, 1_000),
});

export function createRedis(url: string): Redis {
  return new Redis(url, redisOptions());
}

/** The part of a pino logger this needs. */
interface Log {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** Reports Redis trouble of one kind (`what`): structured, and rate-limited per kind. */
export type RedisTrouble = (what: string, err?: unknown) => void;

/** ioredis's own words for a command past its `commandTimeout`. */
const REDIS_TIMED_OUT = 'Command timed out';

/** True for a command that outlived its bound (it may still have run in Redis). */
export const isRedisTimeout = (err: unknown): boolean => err instanceof Error && err.message === REDIS_TIMED_OUT;

/** An error as a log field: its type, message and code, never its stack. */
export const errorBrief = (err: unknown) => {
  if (!(err instanceof Error)) return err === undefined ? undefined : { message: String(err) };
  const code = (err as Error & { code?: unknown }).code;
  return { type: err.name, message: err.message, ...(code === undefined ? {} : { code }) };
};

/**
 * Redis trouble in the log: the first of each kind at once, then at most one line per `everyMs` saying how many
 * were held back (a Redis down for an hour is a few hundred lines, not one per retry).
 */
export function redisTroubleLog(log: Log, everyMs = REDIS_LOG_EVERY_MS, now = Date.now): RedisTrouble {
  const last = new Map<string, { at: number; held: number }>();
  return (what, err) => {
    const t = now();
    const seen = last.get(what);
    if (seen && t - seen.at < everyMs) {
      seen.held++;
      return;
    }
    last.set(what, { at: t, held: 0 });
    log.warn({ redis: what, error: errorBrief(err), heldBack: seen?.held ?? 0 }, `redis: ${what}`);
  };
}

/**
 * Attaches the handlers every client needs (its errors go to `trouble`, a lost and regained connection is said
 * once each), then connects it if it is not yet. `role` names the connection in the log (`commands`, `subscriber`).
 */
export function watchRedis(client: Redis, role: string, log: Log, trouble: RedisTrouble): void {
  let wasReady = false;
  let lost = false;
  // Before the first connection the start line below says it all; the retries' errors would only repeat it.
  client.on('error', (err: unknown) => {
    if (wasReady) trouble(`${role} connection error`, err);
  });
  client.on('ready', () => {
    client.options.commandTimeout = REDIS_COMMAND_TIMEOUT_MS;
    if (lost) log.info({ redis: role }, `redis: ${role} connection is back`);
    wasReady = true;
    lost = false;
  });
  client.on('close', () => {
    client.options.commandTimeout = REDIS_HANDSHAKE_TIMEOUT_MS;
    if (!wasReady || lost) return;
    lost = true;
    trouble(`${role} connection lost: going on without Redis until it is back`);
  });
  if (client.status === 'wait') {
    client.connect().catch((err: unknown) => {
      // A first attempt can fail on a busy start (its ready check outlived the command bound) and the retry a moment
      // later succeed: said only if Redis is still away a second later.
      setTimeout(() => {
        if (client.status === 'ready' || role !== 'commands') return;
        lost = true;
        log.warn(
          { redis: role, error: errorBrief(err) },
          'redis: REDIS_URL cannot be reached at start: serving without it (local limits, /readyz 503) until it answers',
        );
      }, 1_000).unref();
    });
  }
}
