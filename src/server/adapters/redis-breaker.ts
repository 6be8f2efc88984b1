import { Command, Redis } from 'ioredis';
import type { Metrics } from './metrics';
import { isRedisTimeout, REDIS_COMMAND_TIMEOUT_MS, type RedisTrouble } from './redis';

/** How often an open breaker asks Redis whether it answers again: one PING, bounded like any command. */
export const REDIS_PROBE_EVERY_MS = 500;

/**
 * closed: callers' commands go to Redis. open: Redis stopped answering (a command outlived its bound) or the
 * connection is lost, and every command fails at once. half_open: a background probe is under way (commands still
 * fail at once; only the probe is sent).
 */
export type BreakerState = 'closed' | 'open' | 'half_open';

/** trove_redis_breaker_state's value of each state: 0 while Redis is used, more the further from it. */
export const BREAKER_STATE_VALUE: Record<BreakerState, number> = { closed: 0, half_open: 1, open: 2 };

/** What a caller's command gets while the breaker is open: the caller goes on with its local fallback. */
export class RedisBreakerOpenError extends Error {
  override name = 'RedisBreakerOpenError';
  constructor() {
    super('Redis is not asked while it does not answer (circuit open)');
  }
}

export interface RedisBreaker {
  /** The command connection's (ioredis) status: 'ready' once connected and its handshake answered. */
  status(): Redis['status'];
  state(): BreakerState;
  /** Callers' commands since start: sent to Redis, refused at once while open, and sent but timed out. */
  counts(): { sent: number; refused: number; timedOut: number };
}

/** The part of a pino logger this needs. */
interface Log {
  info(obj: object, msg: string): void;
}

const breakers = new WeakMap<Redis, RedisBreaker>();

/**
 * Puts a circuit breaker in front of a command connection (docs/decisions/052): a command that outlives
 * REDIS_COMMAND_TIMEOUT_MS, then a PING that does too, opens it, and from then on every command of every caller fails at once with
 * RedisBreakerOpenError instead of waiting out its bound (each caller has a local fallback). While open it sends one
 * PING every REDIS_PROBE_EVERY_MS in the background and closes on the first answer; a connection lost opens it too,
 * and the connection's return ('ready': its handshake answered) closes it. The handshake's own commands are never
 * held back: until the connection is ready ioredis answers every other command at once itself (no offline queue).
 * One breaker per client, however many apps are built over it.
 */
export function guardRedis(
  client: Redis,
  opts: { trouble: RedisTrouble; log: Log; probeEveryMs?: number },
): RedisBreaker {
  const known = breakers.get(client);
  if (known) return known;
  const every = opts.probeEveryMs ?? REDIS_PROBE_EVERY_MS;
  let state: BreakerState = client.status === 'ready' ? 'closed' : 'open';
  const counts = { sent: 0, refused: 0, timedOut: 0 };
  /** Since when commands are refused because of timeouts (0: not open for that reason), and how many then. */
  let hung = { since: 0, refusedBefore: 0 };
  let probing: NodeJS.Timeout | null = null;

  const close = () => {
    state = 'closed';
    if (hung.since === 0) return;
    const refused = counts.refused - hung.refusedBefore;
    opts.log.info(
      { redis: 'commands', openMs: Date.now() - hung.since, refused },
      'redis: answers again: circuit closed, commands go to Redis again',
    );
    hung = { since: 0, refusedBefore: 0 };
  };
  const probe = () => {
    probing = null;
    // Not connected: the connection's return closes the breaker ('ready'), not a probe.
    if (state === 'closed' || client.status !== 'ready') return;
    state = 'half_open';
    const ping = new Command('ping', []);
    // Past the guard: the probe is the one command an open breaker sends.
    void Redis.prototype.sendCommand.call(client, ping);
    ping.promise.then(
      () => {
        if (state === 'half_open') close();
      },
      () => {
        if (state !== 'half_open') return;
        state = 'open';
        probeLater(every);
      },
    );
  };
  const probeLater = (ms: number) => {
    if (!probing) probing = setTimeout(probe, ms).unref();
  };
  const open = () => {
    state = 'open';
    hung = { since: Date.now(), refusedBefore: counts.refused };
    opts.trouble(
      `commands did not answer within ${REDIS_COMMAND_TIMEOUT_MS} ms: circuit open, going on without Redis and probing it every ${every} ms`,
    );
    probeLater(every);
  };
  /**
   * A command past its bound is first checked with one PING, callers still going to Redis meanwhile: an event loop
   * stalled past the bound fires the command's timer before it reads the answer already waiting on the socket, so a
   * single timeout on a starved machine says nothing about Redis. The PING unanswered too (a bound later), it opens.
   */
  let checking = false;
  const checkOnTimeout = () => {
    if (state !== 'closed' || checking) return;
    checking = true;
    const ping = new Command('ping', []);
    void Redis.prototype.sendCommand.call(client, ping);
    ping.promise.then(
      () => {
        checking = false;
      },
      () => {
        checking = false;
        if (state === 'closed' && client.status === 'ready') open();
      },
    );
  };

  client.on('ready', close);
  client.on('close', () => {
    // The connection's own lines say it (watchRedis); a breaker open on timeouts stays so until it is back.
    if (state === 'closed') state = 'open';
  });
  client.sendCommand = (command, stream) => {
    // QUIT ends the connection whatever Redis answers: never held back.
    if (client.status !== 'ready' || command.name === 'quit') {
      return Redis.prototype.sendCommand.call(client, command, stream);
    }
    if (state !== 'closed') {
      counts.refused++;
      command.reject(new RedisBreakerOpenError());
      return command.promise;
    }
    counts.sent++;
    const sent = Redis.prototype.sendCommand.call(client, command, stream);
    command.promise.catch((err: unknown) => {
      if (!isRedisTimeout(err)) return;
      counts.timedOut++;
      checkOnTimeout();
    });
    return sent;
  };
  const breaker: RedisBreaker = { status: () => client.status, state: () => state, counts: () => ({ ...counts }) };
  breakers.set(client, breaker);
  return breaker;
}

/** How Redis stands for readiness: connected and answering, not connected, or connected but not answering. */
export type RedisReadiness = 'ready' | 'unreachable' | 'unanswered';

/**
 * Readiness from states, never a command: not connected; connected but not answering (the breaker is not closed);
 * or its messages do not come back (`broadcastLive` false: the subscription is down or stalled, decision 027).
 */
export function redisReadiness(breaker: RedisBreaker, broadcastLive: boolean): RedisReadiness {
  if (breaker.status() !== 'ready') return 'unreachable';
  if (breaker.state() !== 'closed') return 'unanswered';
  return broadcastLive ? 'ready' : 'unreachable';
}

/** The breaker's state and its commands in `/metrics` (docs/decisions/045, 052). */
export function registerBreakerMetrics(metrics: Metrics, breaker: RedisBreaker): void {
  metrics.registerCollector(
    {
      name: 'trove_redis_breaker_state',
      help: 'The Redis circuit breaker: 0 closed (Redis used), 1 half-open (probing), 2 open (Redis not asked)',
    },
    async () => [{ value: BREAKER_STATE_VALUE[breaker.state()] }],
  );
  metrics.registerCollector(
    {
      name: 'trove_redis_commands_total',
      help: 'Commands of callers to Redis: sent, refused at once by the open breaker, and sent but timed out',
      labelNames: ['outcome'],
      kind: 'counter',
    },
    async () => {
      const c = breaker.counts();
      return [
        { labels: { outcome: 'sent' }, value: c.sent },
        { labels: { outcome: 'refused' }, value: c.refused },
        { labels: { outcome: 'timed_out' }, value: c.timedOut },
      ];
    },
  );
}
