import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor, Operator } from '../shared/actor';
import { envelope } from '../shared/envelope';
import { notFound, unauthenticated } from './errors';

/*
 * What a route file uses of HTTP: answers, guards and cache policies. The plugins fill in what is declared here
 * (plugins/auth.ts the actor, plugins/cache-control.ts the header), so modules never import a plugin
 * (docs/decisions/026-layers.md).
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** The actor behind a bearer token, or null (the auth service's, given to plugins/auth.ts by the app). */
    authenticate(token: string): Promise<Actor | null>;
  }
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
    /**
     * The Cache-Control of this route's successful answers, for routes whose answer is the same for
     * every caller (never one that reads the signed-in user). Unset: `no-store`.
     */
    cache?: string;
    /** A multipart route's refusals in its own words: a file over its limit, and too many form fields. */
    upload?: { tooLarge: string; fields: string };
  }
}

/**
 * Content that changes when an operator edits it: caches may keep it but check it again with its ETag before each
 * use (a 304 costs no body). A max-age would add to the bound on how old an answer can be (docs/decisions/027).
 */
export const PUBLIC_CONTENT = 'public, no-cache';
/** Public but live (stock, sale state): may be stored, must be checked again before each use. */
export const PUBLIC_LIVE = 'public, no-cache';

/** A successful envelope; `msg` is empty unless the screen should show it. */
export function ok<T>(data: T, msg = ''): { code: 200; msg: string; data: T } {
  return { code: 200, msg, data };
}

/** The response schema of a route: the envelope around its data. */
export const reply = <T extends z.ZodType>(data: T) => ({ 200: envelope(data) });

/** The app with zod typing, for route files. */
export type App = ReturnType<FastifyInstance['withTypeProvider']> & FastifyInstance;
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** One page of an admin list: the rows as `data`, the number of every matching row in `X-Total-Count`. */
export function okPage<T>(
  reply: FastifyReply,
  page: { rows: T[]; total: number },
  msg = '',
): { code: 200; msg: string; data: T[] } {
  reply.header('X-Total-Count', String(page.total));
  return ok(page.rows, msg);
}

/** The token of `Authorization: Bearer …`, or null. */
export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return (header ? /^Bearer\s+(\S+)$/i.exec(header) : null)?.[1] ?? null;
}

/** The signed-in actor, or a 403 that makes the client log out (PRODUCT.md §4.1 point 6). */
export function requireUser(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated('請先登入');
  return request.actor;
}

/**
 * The caller of a route anonymous callers may use too: null without a bearer token. A token that names no live
 * session (revoked, expired, made up) is the 403 that logs out, as on every signed-in route, never an anonymous answer.
 */
export function callerOf(request: FastifyRequest): Actor | null {
  if (!request.actor && bearerOf(request)) throw unauthenticated('請先登入');
  return request.actor;
}

/** `requireUser` for a `lateSession` route: its session looked up now. */
export async function signedIn(request: FastifyRequest): Promise<Actor> {
  const token = request.actor ? null : bearerOf(request);
  if (token) request.actor = await request.server.authenticate(token);
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

/** The routes of a signed-in user's module: before the body is read, an anonymous caller gets the 403 that logs out. */
export function userRoutes(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });
  return typed(app);
}

/**
 * Routes declared by what each takes and answers, tagged `tags`: `get` reads its `querystring` (if it has one), `post`
 * its `body`; `answer` gives the `data` of the envelope for the request's `caller`, with `msg` for the screen when there
 * is one, under the route `config` when it has one. Routes with more (headers, raw or composed answers) use `r` itself.
 */
function declared<C>(r: ReturnType<typeof typed>, tags: string[], caller: (request: FastifyRequest) => C) {
  // `reply<z.ZodType>`: the type provider cannot follow a generic schema; `answer` is what is checked against `data`.
  return {
    r,
    get<Q extends z.ZodType, D extends z.ZodType>(
      url: string,
      schemas: { querystring?: Q; data: D; config?: FastifyContextConfig },
      answer: (caller: C, query: z.output<Q>) => Promise<z.output<D>>,
    ): void {
      r.get(
        url,
        {
          config: schemas.config ?? {},
          schema: {
            tags,
            ...(schemas.querystring && { querystring: schemas.querystring }),
            response: reply<z.ZodType>(schemas.data),
          },
        },
        // Only a route with a query string reads it (the contract check reads each handler's source).
        schemas.querystring
          ? async (req) => ok(await answer(caller(req), req.query as z.output<Q>))
          : async (req) => ok(await answer(caller(req), undefined as z.output<Q>)),
      );
    },
    post<B extends z.ZodType, D extends z.ZodType>(
      url: string,
      schemas: { body: B; data: D; msg?: string; config?: FastifyContextConfig },
      answer: (caller: C, body: z.output<B>) => Promise<z.output<D>>,
    ): void {
      r.post(
        url,
        {
          config: schemas.config ?? {},
          schema: { tags, body: schemas.body, response: reply<z.ZodType>(schemas.data) },
        },
        async (req) => ok(await answer(caller(req), req.body as z.output<B>), schemas.msg),
      );
    },
  };
}

/** A signed-in user's module (`userRoutes`), its routes `declared`: `answer` gets the user. */
export const userApi = (app: FastifyInstance, tags: string[]) => declared(userRoutes(app), tags, requireUser);

/** Routes anyone may call, `declared`: `answer` gets the signed-in caller, or null. */
export const publicApi = (app: FastifyInstance, tags: string[]) =>
  declared(typed(app), tags, (request): Actor | null => request.actor);

/** The routes of a back-office module: `adminArea` guards every one of them. */
export function adminRoutes(app: FastifyInstance) {
  app.addHook('onRequest', adminArea);
  return typed(app);
}

/** A back-office module (`adminRoutes`), its routes `declared` under the tag `admin`: `answer` gets the operator. */
export function adminApi(app: FastifyInstance) {
  const api = declared(adminRoutes(app), ['admin'], requireAdmin);
  return {
    ...api,
    /** `adminList` on these routes. */
    list<Q extends z.ZodType, R extends z.ZodType>(
      url: string,
      schemas: { querystring: Q; row: R },
      list: (operator: Operator, query: z.output<Q>) => Promise<{ rows: z.output<R>[]; total: number }>,
    ): void {
      adminList(api.r, url, schemas, list);
    },
  };
}

/** `GET url` of the back office: one page of a list (`okPage`) of `row`s, filtered by `querystring`, for an operator. */
export function adminList<Q extends z.ZodType, R extends z.ZodType>(
  r: ReturnType<typeof typed>,
  url: string,
  schemas: { querystring: Q; row: R },
  list: (operator: Operator, query: z.output<Q>) => Promise<{ rows: z.output<R>[]; total: number }>,
): void {
  r.get(
    url,
    { schema: { tags: ['admin'], querystring: schemas.querystring, response: reply(z.array(schemas.row)) } },
    async (req, res) => okPage(res, await list(requireAdmin(req), req.query as z.output<Q>)),
  );
}
