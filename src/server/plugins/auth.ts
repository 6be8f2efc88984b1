import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound, unauthenticated } from '../errors';
import type { Actor, Operator } from '../modules/auth/auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/** Resolves `Authorization: Bearer …` into `request.actor` for every API call. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) return;
    request.actor = await app.services.auth.authenticate(match[1]!);
  });
});

/** The signed-in actor, or a 403 that makes the client log out (PRODUCT.md §4.1 point 6). */
export function requireUser(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated('請先登入');
  return request.actor;
}

/** An operator, carrying the request id their audit records name. */
export function requireAdmin(request: FastifyRequest): Operator {
  const actor = requireUser(request);
  // Not an admin: the admin area does not exist for them (403 would log them out).
  if (!actor.roles.includes('admin')) throw notFound('找不到此內容');
  return { ...actor, requestId: request.id };
}
