import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The Cache-Control of this route's successful answers, for routes whose answer is the same for
     * every caller (never one that reads the signed-in user). Unset: `no-store`.
     */
    cache?: string;
  }
}

/** Content that changes when an operator edits it: shared caches may keep it a minute. */
export const PUBLIC_CONTENT = 'public, max-age=60';
/** Public but live (stock, sale state): may be stored, must be checked again before each use. */
export const PUBLIC_LIVE = 'public, no-cache';

/**
 * Every /api/ answer is `no-store` (user info, sessions, orders must never sit in a cache) unless its
 * route declares itself public with `config: { cache }`; errors are always `no-store`.
 */
export function registerCacheControl(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const route = request.routeOptions.url;
    if (request.url.startsWith('/api/') || route === '/healthz' || route === '/readyz') {
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
