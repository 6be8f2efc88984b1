import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { newRequestId } from '../adapters/ids';

/** The liveness answer: the process is up. The same bytes every time. */
export const LIVE_BODY = JSON.stringify({ code: 200, msg: '', data: { status: 'ok' } });

/** Fastify's own defaults, which it sets only on servers it creates itself. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/**
 * The HTTP server of the app, answering `GET /healthz` (liveness) itself, before Fastify: a probe needs
 * no routing, hooks, session lookup, rate limit, validation or log line, and orchestrators call it
 * every few seconds on every instance. It carries what a JSON answer needs (`Content-Type`,
 * `X-Content-Type-Options: nosniff`, `Cache-Control: no-store`) and a request id; the page-level security
 * headers (CSP, frame and referrer policies, HSTS) protect documents a browser renders, which this is not,
 * and would double the bytes of every probe. Everything else, and `/healthz` with a query
 * string or another method, goes to Fastify, whose `/healthz` route answers the same (app.inject,
 * which never passes through this server, reaches that route too).
 */
export function livenessServerFactory() {
  const length = String(Buffer.byteLength(LIVE_BODY));
  const fixed = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': length,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  };
  return (handler: (req: IncomingMessage, res: ServerResponse) => void) => {
    const server = http.createServer((req, res) => {
      if (req.url === '/healthz' && (req.method === 'GET' || req.method === 'HEAD')) {
        res.writeHead(200, { ...fixed, 'x-request-id': newRequestId() });
        res.end(req.method === 'HEAD' ? undefined : LIVE_BODY);
        return;
      }
      handler(req, res);
    });
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    return server;
  };
}
