import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../db/ping';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { LIVE_BODY } from './liveness';

/** What readiness needs to know besides the database: Redis, when the deployment has one. */
export interface HealthOptions {
  db: Db;
  /** False while Redis (REDIS_URL) cannot be reached or its messages do not arrive; unset without Redis. */
  redisUp?: () => boolean;
}

/**
 * Liveness (`/healthz`): the process answers (no database, so a slow database never gets a live server restarted).
 * A plain `GET /healthz` never gets here: the HTTP server answers it before Fastify (plugins/liveness.ts); this route
 * answers the same to app.inject and to a probe that adds a query string.
 * Readiness (`/readyz`): the database answers, and Redis when REDIS_URL is set (without it the instance cannot keep
 * its promises to the others: shared limits, invalidations), so load balancers send traffic only then.
 */
export function registerHealth(app: FastifyInstance, opts: HealthOptions): void {
  app.get('/healthz', { schema: { hide: true } }, (_request, reply) => {
    reply.type('application/json; charset=utf-8').send(LIVE_BODY);
  });
  app.get('/readyz', { schema: { hide: true } }, async (request) => {
    // From the connection's state, not a command: a probe never waits on Redis.
    if (opts.redisUp && !opts.redisUp()) throw new AppError('unavailable', '服務暫時無法使用：Redis 未能連線');
    try {
      await pingDatabase(opts.db);
    } catch (err) {
      request.log.error({ err }, 'readiness: the database does not answer');
      throw new AppError('unavailable', '服務暫時無法使用，請稍後再試');
    }
    return { code: 200, msg: '', data: { status: 'ok' } };
  });
}
