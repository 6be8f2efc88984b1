import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { pingDatabase } from '../db/ping';
import type { Db } from '../db/client';
import { errorBrief } from '../adapters/redis';
import type { RedisReadiness } from '../adapters/redis-breaker';
import { LIVE_BODY } from './liveness';

/** What readiness needs to know besides the database: Redis, when the deployment has one. */
export interface HealthOptions {
  db: Db;
  /** From the connection's and the circuit breaker's state (decision 052); unset without Redis. */
  redis?: () => RedisReadiness;
}

/** Why an instance is not ready, as a probe's answer says it (zh-HK) and as the log names it. */
const NOT_READY = {
  unreachable: { msg: '服務暫時無法使用：Redis 未能連線', log: 'Redis cannot be reached' },
  unanswered: { msg: '服務暫時無法使用：Redis 沒有回應，已暫停使用', log: 'Redis does not answer (circuit open)' },
  database: { msg: '服務暫時無法使用，請稍後再試', log: 'the database does not answer' },
} as const;
type Reason = keyof typeof NOT_READY;

/**
 * Readiness in the log once per change, not once per probe: not ready (warn, with why), ready again (info). A probe
 * every few seconds during an outage is no news; the change is.
 */
function readinessLog(log: FastifyBaseLogger) {
  let was: Reason | 'ready' = 'ready';
  return (now: Reason | 'ready', err?: unknown) => {
    if ((now === 'ready') === (was === 'ready')) return;
    if (now === 'ready') log.info({ readiness: 'ready', was }, 'readiness: ready again');
    else log.warn({ readiness: 'not ready', reason: now, error: errorBrief(err) }, `readiness: ${NOT_READY[now].log}`);
    was = now;
  };
}

/**
 * Liveness (`/healthz`): the process answers (no database, so a slow database never gets a live server restarted).
 * A plain `GET /healthz` never gets here: the HTTP server answers it before Fastify (plugins/liveness.ts); this route
 * answers the same to app.inject and to a probe that adds a query string.
 * Readiness (`/readyz`): the database answers, and Redis when REDIS_URL is set (without it the instance cannot keep
 * its promises to the others: shared limits, invalidations), so load balancers send traffic only then. A 503 is
 * answered here, not thrown: it is the probe's answer, not a failed request (no error line with a stack).
 */
export function registerHealth(app: FastifyInstance, opts: HealthOptions): void {
  const changed = readinessLog(app.log);
  app.get('/healthz', { schema: { hide: true } }, (_request, reply) => {
    reply.type('application/json; charset=utf-8').send(LIVE_BODY);
  });
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const notReady = (reason: Reason, err?: unknown) => {
      changed(reason, err);
      return reply.status(503).send({ code: 503, msg: NOT_READY[reason].msg, data: null });
    };
    // From the connection's and the breaker's state, not a command: a probe never waits on Redis.
    const redis = opts.redis?.() ?? 'ready';
    if (redis !== 'ready') return notReady(redis);
    try {
      await pingDatabase(opts.db);
    } catch (err) {
      return notReady('database', err);
    }
    changed('ready');
    return { code: 200, msg: '', data: { status: 'ok' } };
  });
}
