import type { RouteOptions } from 'fastify';
import type { OpenApiDocument } from './fuzz/operations';

/** A route as registered, whatever the OpenAPI document says. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** `GET /api/card/detail` */
  id: string;
  schema: {
    body?: unknown;
    querystring?: unknown;
    params?: unknown;
    headers?: unknown;
    response?: unknown;
    hide?: boolean;
  };
  /** The handler's source, to see which parts of the request it reads. */
  handlerSource: string;
}

/** Collects every route through the app's `onRoute` hook (HEAD routes Fastify adds for GET are left out). */
export function routeRecorder() {
  const routes: RegisteredRoute[] = [];
  return {
    routes,
    onRoute(route: RouteOptions) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        routes.push({
          method,
          url: route.url,
          id: `${method} ${route.url}`,
          schema: (route.schema ?? {}) as RegisteredRoute['schema'],
          handlerSource: String(route.handler),
        });
      }
    },
  };
}

/**
 * Routes under /api that are allowed to leave out part of the contract, each with its reason. Nothing else
 * may: a new route without a schema, or hidden from the document, fails the check.
 */
export const CONTRACT_EXEMPTIONS: Record<string, { skip: ('document' | 'body' | 'response')[]; why: string }> = {
  'GET /api/openapi.json': { skip: ['document', 'response'], why: 'the OpenAPI document itself' },
  'POST /api/payment/webhook/sandbox': {
    skip: ['body'],
    why: 'the signature covers the exact bytes received, so the body reaches the route unparsed and is checked there',
  },
  'POST /api/payment/webhook/stripe': {
    skip: ['body'],
    why: 'the signature covers the exact bytes received, so the body reaches the route unparsed and is checked there',
  },
};
/** The documentation UI (@fastify/swagger-ui's pages and assets). */
const DOCS_UI = /^\/api\/docs(\/|$)/;

/** What is wrong with the contract of each /api route: one sentence per problem, naming the route. */
export function contractProblems(routes: RegisteredRoute[], doc: OpenApiDocument): string[] {
  const problems: string[] = [];
  for (const r of routes) {
    if (!r.url.startsWith('/api/') || DOCS_UI.test(r.url)) continue;
    const skip = CONTRACT_EXEMPTIONS[r.id]?.skip ?? [];
    // The document writes `:id` path parameters as `{id}`.
    const docPath = r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const inDocument = Boolean(doc.paths[docPath]?.[r.method.toLowerCase()]);
    if (!skip.includes('document') && (!inDocument || r.schema.hide))
      problems.push(`${r.id} is not in /api/openapi.json`);
    if (!skip.includes('response') && !r.schema.response) problems.push(`${r.id} has no response schema`);
    if (r.method === 'POST' && !skip.includes('body') && !r.schema.body) problems.push(`${r.id} has no body schema`);
    if (/\.query\b/.test(r.handlerSource) && !r.schema.querystring)
      problems.push(`${r.id} reads the query string but has no querystring schema`);
    if (/\.params\b/.test(r.handlerSource) && !r.schema.params)
      problems.push(`${r.id} reads path parameters but has no params schema`);
    if (/\.body\b/.test(r.handlerSource) && !r.schema.body && !skip.includes('body'))
      problems.push(`${r.id} reads the body but has no body schema`);
  }
  for (const [id] of Object.entries(CONTRACT_EXEMPTIONS)) {
    if (!routes.some((r) => r.id === id))
      problems.push(`${id} is exempted in CONTRACT_EXEMPTIONS but no longer exists: remove the entry`);
  }
  return problems;
}
