import type { FastifyInstance } from 'fastify';

/**
 * Every /api/ answer is `no-store` (user info, sessions, orders must never sit in a cache) unless its
 * route declares itself public with `config: { cache }` (declared in http.ts, with its policies PUBLIC_CONTENT and
 * PUBLIC_LIVE); errors are always `no-store`.
 */
export function registerCacheControl(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const route = request.routeOptions.url;
    if (request.url.startsWith('/api/') || route === '/healthz' || route === '/readyz' || route === '/metrics') {
      const declared = request.routeOptions.config?.cache;
      // A 304 confirms the cached answer: it keeps the answer's policy.
      reply.header(
        'Cache-Control',
        declared && (reply.statusCode < 300 || reply.statusCode === 304) ? declared : 'no-store',
      );
    }
    done(null, payload);
  });
}
