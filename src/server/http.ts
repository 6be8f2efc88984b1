import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelope } from '../shared/envelope';

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
