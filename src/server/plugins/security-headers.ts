import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The app's helmet policy: what a browser may load and embed. `imageOrigins`: where uploaded images
 * are served from besides this origin (the S3 public URL when STORAGE_DRIVER=s3).
 */
export const helmetOptions = (imageOrigins: string[] = []): HelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // WebAssembly only: the QR scanner's polyfill on browsers without BarcodeDetector (iPhone Safari, Firefox).
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      connectSrc: ["'self'"],
      // The installable app (decision 035): its service worker and web app manifest, both from this origin.
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      formAction: ["'self'"],
      mediaSrc: ["'self'", 'blob:'],
      // Served over plain HTTP on a LAN while developing: upgrading would break every asset.
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
});

/** The headers helmet sets for `options`, worked out once (they depend on no request: no CSP nonces). */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failed: unknown = null;
  helmet(options)({} as IncomingMessage, res, (err?: unknown) => {
    if (err) failed = err;
  });
  if (failed) throw failed;
  return headers;
}

/**
 * Helmet's security headers on every answer. @fastify/helmet rebuilt the helmet middleware (and
 * re-parsed the CSP) on every request; the headers are the same each time, so they are computed once.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions = helmetOptions()): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
