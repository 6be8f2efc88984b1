import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor } from '../../shared/actor';
import { unauthenticated } from '../errors';
import { bearerOf } from '../http';

export interface AuthPluginOptions {
  /** The actor behind a bearer token, or null: the auth service's, passed in by the app (a plugin imports no module). */
  authenticate(token: string): Promise<Actor | null>;
}

/**
 * Resolves `Authorization: Bearer …` into `request.actor` for every API call; the guards that read it are in
 * http.ts. `app.authenticate` serves the `lateSession` routes' `signedIn`.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: AuthPluginOptions) => {
  app.decorate('authenticate', opts.authenticate);
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
    if (token) request.actor = await opts.authenticate(token);
  });
});
