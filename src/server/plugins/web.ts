import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ROUTE_PATHS } from '../../shared/routes';

const SPA_ROUTES = new Set<string>(ROUTE_PATHS);

/**
 * Serves the built web app: hashed assets with long cache headers, and index.html for every
 * screen of the seed (history fallback), admin.html for `/admin` and `/admin/*` (the back office). Unknown `/api/*` paths answer the 404 envelope.
 */
export async function webPlugin(app: FastifyInstance, opts: { root: string; production?: boolean }) {
  const production = opts.production ?? false;
  const root = path.resolve(opts.root);
  const indexFile = path.join(root, 'index.html');
  const adminFile = path.join(root, 'admin.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: false,
      setHeaders(res, filePath) {
        const rel = path.relative(root, filePath);
        res.header('Cache-Control', rel.startsWith('assets') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  } else {
    app.log.warn({ root }, 'web build not found; run `npm run build:web` (or use `npm run dev`)');
  }

  // Cached in production; read afresh otherwise so a rebuild shows without a restart.
  let indexHtml: string | null = null;
  const html = () => (production ? (indexHtml ??= readFileSync(indexFile, 'utf8')) : readFileSync(indexFile, 'utf8'));
  const sendIndex = (reply: FastifyReply, status: number) =>
    reply.status(status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html());
  // The back office is its own entry (admin.html): /admin and everything under it, never the mobile app.
  let adminHtml: string | null = null;
  const admin = () => (production ? (adminHtml ??= readFileSync(adminFile, 'utf8')) : readFileSync(adminFile, 'utf8'));
  const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

  // The home screen: the static plugin would see a directory here.
  if (hasWeb) app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply, 200));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname.startsWith('/api/') || pathname === '/api' || request.method !== 'GET' || !hasWeb) {
      return reply.status(404).send({ code: 404, msg: '找不到此介面', data: null });
    }
    if (isAdminPath(pathname) && existsSync(adminFile)) {
      return reply.status(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(admin());
    }
    const known = SPA_ROUTES.has(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);
    return sendIndex(reply, known ? 200 : 404);
  });
}
