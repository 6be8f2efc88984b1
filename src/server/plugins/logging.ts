import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { SECRET_QUERY_PARAMS } from '../secret-params';

const SECRET_PARAM = new RegExp(`([?&](?:${SECRET_QUERY_PARAMS.join('|')})=)[^&#]*`, 'gi');

/** Strips secrets from URLs before they reach the log (one-tap login tokens, codes, phones). */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAM, '$1[redacted]');
}

const QUERY_PARAMS = /\nparams: [^\n]*/g;

/**
 * Errors for the log: type, message, stack, code and cause. Query errors quote their parameters
 * (phone numbers, hashes) in the message and stack; the SQL is kept, the values are not.
 */
export function serializeError(
  err: unknown,
  depth = 0,
): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const e = err as Error & { code?: unknown; statusCode?: unknown; query?: unknown };
  const clean = (text: string | undefined) => (text ?? '').replace(QUERY_PARAMS, '\nparams: [redacted]');
  const out: ReturnType<typeof serializeError> = { type: e.name, message: clean(e.message), stack: clean(e.stack) };
  if (e.code !== undefined) out.code = e.code;
  if (e.statusCode !== undefined) out.statusCode = e.statusCode;
  if (typeof e.query === 'string') out.query = e.query;
  if (e.cause !== undefined && depth < 4) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** Structured logs whose request entries carry method, redacted URL and request id only. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        id: req.id,
      }),
      err: (err: Error) => serializeError(err),
    },
  };
}

const PROBES = new Set(['/healthz', '/readyz']);

/**
 * One log line per request, when it is answered (method, redacted URL, id, status, time), instead of
 * Fastify's two; none for the health probes (every few seconds, all alike).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (PROBES.has(request.url)) return;
    if (error)
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
