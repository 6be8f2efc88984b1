import type { FastifyInstance } from 'fastify';

/** What the plugin is given of the metrics: one observation per answered request (adapters/metrics.ts). */
export interface RequestMetricsOptions {
  observe(route: string, method: string, status: number, seconds: number): void;
}

/**
 * Every answered request is one histogram observation, labelled with its route pattern (`/api/card/detail`,
 * `/pay/sandbox/:orderNo/confirm`), never the URL it was called with: ids and query strings would make a series per
 * request. A URL no route matches is `unmatched`. The liveness probe is answered before Fastify and is not counted.
 */
export function registerRequestMetrics(app: FastifyInstance, opts: RequestMetricsOptions): void {
  app.addHook('onResponse', (request, reply, done) => {
    opts.observe(request.routeOptions.url ?? 'unmatched', request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
