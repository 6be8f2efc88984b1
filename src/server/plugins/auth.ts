import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound, unauthenticated } from '../errors';
import type { Actor, Operator } from '../modules/auth/auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /**
     * The session is looked up by the handler (`signedIn`), after what it can answer without knowing the caller (a
     * sold-out drop's refusal, decision 023); a request without a bearer token still gets its 403 before the body is
     * read.
     */
    lateSession?: boolean;
  }
}

const bearerOf = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return (header ? /^Bearer\s+(\S+)$/i.exec(header) : null)?.[1] ?? null;
};

/** Resolves `Authorization: Bearer …` into `request.actor` for every API call. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    // Public answers (`config.cache`) are the same for every caller and never read the actor: no session lookup.
    if (request.routeOptions.config?.cache) return;
    const token = bearerOf(request);
    if (request.routeOptions.config?.lateSession) {
      if (!token) throw unauthenticated('請先登入');
      return;
    }
    if (token) request.actor = await app.services.auth.authenticate(token);
  });
});

/** The signed-in actor, or a 403 that makes the client log out (PRODUCT.md §4.1 point 6). */
export function requireUser(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated('請先登入');
  return request.actor;
}

/** `requireUser` for a `lateSession` route: its session looked up now. */
export async function signedIn(request: FastifyRequest): Promise<Actor> {
  const token = request.actor ? null : bearerOf(request);
  if (token) request.actor = await request.server.services.auth.authenticate(token);
  return requireUser(request);
}

/** An operator, carrying the request id their audit records name. */
export function requireAdmin(request: FastifyRequest): Operator {
  const actor = requireUser(request);
  // Not an admin: the admin area does not exist for them (403 would log them out).
  if (!actor.roles.includes('admin')) throw notFound('找不到此內容');
  return { ...actor, requestId: request.id };
}

/**
 * The hook of every `/api/admin/` route plugin: before the body is even parsed, an anonymous caller gets
 * 403 and a signed-in non-operator 404, whatever they sent.
 */
export async function adminArea(request: FastifyRequest): Promise<void> {
  requireAdmin(request);
}
