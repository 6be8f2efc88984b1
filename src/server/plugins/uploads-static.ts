import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { IMMUTABLE } from '../adapters/storage/storage';
import { LOCAL_UPLOADS_PREFIX } from '../adapters/storage/local-storage';

/**
 * Serves local uploads (STORAGE_DRIVER=local) at /uploads/: each file is written once under a fresh key, so
 * browsers and proxies may keep it for a year. No directory listings, no index files.
 */
export async function uploadsStaticPlugin(app: FastifyInstance, opts: { root: string }) {
  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: LOCAL_UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    // Files appear while the server runs: looked up per request, not listed at start.
    wildcard: true,
    setHeaders(res) {
      res.header('Cache-Control', IMMUTABLE);
      res.header('X-Content-Type-Options', 'nosniff');
    },
  });
}
