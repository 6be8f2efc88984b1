import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAbortHookHandler,
  onResponseHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import type { CacheTicket, PublicCache, PublicTag } from '../cache/public-cache-types';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The tag of the public cache this route's answers are kept under (with `cache`, for routes
     * whose answer is the same for every caller): answered from memory with an ETag until a write
     * of the tag or its next clock change.
     */
    publicCache?: PublicTag;
  }
  interface FastifyRequest {
    publicCacheTicket: CacheTicket | null;
  }
}

/** RFC 9110 §13.1.2: `*`, or one of the listed tags, compared weakly. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

const asArray = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Serves the routes that declare `config.publicCache` from the public cache: after the rate limit
 * and the input checks (route hooks run after the global ones), before the handler. A miss keeps
 * the serialised answer; every answer carries its ETag and `If-None-Match` gets a 304.
 */
export function registerPublicAnswers(app: FastifyInstance, cache: PublicCache): void {
  app.decorateRequest('publicCacheTicket', null);

  const serve: preHandlerHookHandler = async function (request: FastifyRequest, reply: FastifyReply) {
    const tag = request.routeOptions.config.publicCache!;
    // The validated query: spelling variants of one question share one answer.
    const key = `${request.routeOptions.url}?${JSON.stringify(request.query ?? {})}`;
    let hit = cache.get(tag, key);
    if (!hit) {
      const pending = cache.pending(tag, key);
      if (pending) hit = await pending;
    }
    if (!hit) {
      request.publicCacheTicket = cache.ticket(tag, key);
      return;
    }
    reply.header('etag', hit.etag);
    if (matchesIfNoneMatch(request.headers['if-none-match'], hit.etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(hit.payload);
  };

  const keep: onSendHookHandler = async function (request, reply, payload) {
    const ticket = request.publicCacheTicket;
    if (!ticket) return payload;
    if (reply.statusCode !== 200 || typeof payload !== 'string') {
      cache.abandon(ticket);
      return payload;
    }
    const answer = await cache.put(ticket, payload);
    reply.header('etag', answer.etag);
    if (!matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) return payload;
    reply.code(304);
    reply.removeHeader('content-type');
    return null;
  };

  // Whatever happened (an error before onSend, an aborted request), waiters are released.
  const settle: onResponseHookHandler = (request, _reply, done) => {
    if (request.publicCacheTicket) cache.abandon(request.publicCacheTicket);
    done();
  };

  const settleAborted: onRequestAbortHookHandler = (request, done) => {
    if (request.publicCacheTicket) cache.abandon(request.publicCacheTicket);
    done();
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.publicCache) return;
    route.preHandler = [...asArray(route.preHandler), serve];
    route.onSend = [...asArray(route.onSend), keep];
    route.onResponse = [...asArray(route.onResponse), settle];
    route.onRequestAbort = [...asArray(route.onRequestAbort), settleAborted];
  });
}
