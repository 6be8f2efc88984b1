import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebTestApp, writeWebRoot } from '../testing/web-app';
import { cacheControlOf } from './web';

describe("the installable app's files (decision 035)", () => {
  let app: FastifyInstance;
  let root: string;
  beforeAll(async () => {
    root = writeWebRoot('trove-pwa-', {
      'index.html': '<!doctype html><html><head></head><body></body></html>',
      'sw.js': 'self.addEventListener("fetch", () => {});',
      'sw.js.br': 'BROTLI-SW',
      'workbox-abc123.js': 'var workbox;',
      'manifest.webmanifest': '{"name":"寶庫 Trove"}',
      'offline.html': '<!doctype html><h1>你已離線</h1>',
    });
    app = await openWebTestApp(root);
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves sw.js as JavaScript that the browser checks on every visit (no long cache), compressed too', async () => {
    const res = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('no-cache');
    const br = await app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(br.body).toBe('BROTLI-SW');
    expect(br.headers['cache-control']).toBe('no-cache');
  });

  it('serves the web app manifest with its media type and no long cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({ name: '寶庫 Trove' });
  });

  it("keeps Workbox's hashed runtime for long, and the offline page for an hour", async () => {
    const wb = await app.inject({ method: 'GET', url: '/workbox-abc123.js' });
    expect(wb.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const offline = await app.inject({ method: 'GET', url: '/offline.html' });
    expect(offline.statusCode).toBe(200);
    expect(offline.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('lets the page register a worker and read a manifest from this origin only (CSP)', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
  });

  it('names the cache of each kind of file', () => {
    expect(cacheControlOf('sw.js.gz')).toBe('no-cache');
    expect(cacheControlOf('manifest.webmanifest')).toBe('no-cache');
    expect(cacheControlOf('assets/index-abc.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlOf('icons/icon-192.png')).toBe('public, max-age=3600');
    expect(cacheControlOf('sw.js.map')).toBe('public, max-age=3600');
  });
});
