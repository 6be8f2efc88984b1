import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebTestApp, writeWebRoot } from '../testing/web-app';

describe('the web app served by the server', () => {
  let app: FastifyInstance;
  let root: string;
  beforeAll(async () => {
    root = writeWebRoot('trove-web-', {
      'index.html':
        '<!doctype html><html><head><title>t</title></head><body><div id="root"><!--shell--><div class="boot-spinner"></div><!--/shell--></div></body></html>',
      'admin.html': '<!doctype html><div id="admin-root"></div>',
      'assets/index-abc123.js': 'console.log(1)',
      'assets/big-abc123.js': 'console.log("big")',
      'assets/big-abc123.js.br': 'BROTLI',
      '.vite/route-preloads.json': JSON.stringify({
        all: ['assets/icons-1.svg'],
        routes: { '/': ['assets/home-1.js'], '/mall': ['assets/mall-1.js', 'assets/mall-1.css'] },
        shell: {
          titles: { '/': 'Trove 寶庫', '/mall': '商城', '/login': '登入' },
          tabs: [
            { to: '/', label: '首頁', icon: 'app' },
            { to: '/mall', label: '商城', icon: 'shopbag' },
          ],
        },
      }),
      'favicon.svg': '<svg/>',
    });
    app = await openWebTestApp(root);
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it.each(['/', '/market', '/mall/goodsDetail', '/my/collection/order', '/login', '/my/'])(
    'serves index.html for the screen %s',
    async (url) => {
      const res = await app.inject({ method: 'GET', url: `${url}?x=1` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('id="root"');
    },
  );

  it.each(['/admin', '/admin/', '/admin/themes', '/admin/users/show/usr_1?x=1'])(
    'serves the back office (admin.html, not the mobile app) for %s',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('id="admin-root"');
      expect(res.body).not.toContain('id="root"');
    },
  );

  it('keeps the mobile app off the back office and the back office off look-alike paths', async () => {
    const res = await app.inject({ method: 'GET', url: '/administrator' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('id="root"');
  });

  it('answers an unknown screen with the app and 404, so it can show 找不到頁面', async () => {
    const res = await app.inject({ method: 'GET', url: '/no/such/screen' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('id="root"');
  });

  it('serves hashed assets with long cache headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("puts the route's preload hints in its page, and only its own", async () => {
    const home = (await app.inject({ method: 'GET', url: '/' })).body;
    expect(home).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/home-1.js">');
    expect(home).toContain('<use href="/assets/icons-1.svg#app"></use>');
    expect(home).not.toContain('as="image" href="/assets/icons-1.svg"');
    expect(home).not.toContain('mall-1');
    const mall = (await app.inject({ method: 'GET', url: '/mall/' })).body;
    expect(mall).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/mall-1.js">');
    expect(mall).toContain('<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/mall-1.css">');
    expect(mall).not.toContain('home-1');
    expect(mall.indexOf('mall-1.js')).toBeLessThan(mall.indexOf('</head>'));
    const unknown = (await app.inject({ method: 'GET', url: '/no/such/screen' })).body;
    expect(unknown).not.toContain('icons-1.svg');
    expect(unknown).not.toContain('modulepreload');
  });

  it("draws the route's top bar, and the tab bar on a tab screen, in place of the spinner", async () => {
    const mall = (await app.inject({ method: 'GET', url: '/mall' })).body;
    expect(mall).not.toContain('boot-spinner');
    expect(mall).toContain('<h1 class="app-title">商城</h1>');
    expect(mall).toContain('<main class="app-main with-tabs" aria-label="商城">');
    expect(mall).toContain(
      '<a class="tab-bar-item active" aria-current="page" href="/mall"><svg class="antd-mobile-icon tab-bar-icon"',
    );
    expect(mall).toContain('<use href="/assets/icons-1.svg#shopbag"></use>');
    expect(mall).toContain('<a class="tab-bar-item" href="/">');
    expect(mall).toContain('<span class="visually-hidden">載入中…</span>');
    const login = (await app.inject({ method: 'GET', url: '/login' })).body;
    expect(login).toContain('<h1 class="app-title">登入</h1>');
    expect(login).toContain('<main class="app-main" aria-label="登入">');
    expect(login).not.toContain('tab-bar');
    // A route without a title in the build's record, and an unknown screen, keep the plain spinner.
    expect((await app.inject({ method: 'GET', url: '/market' })).body).toContain('boot-spinner');
    expect((await app.inject({ method: 'GET', url: '/no/such/screen' })).body).toContain('boot-spinner');
  });

  it('preloads the home screen\'s first banner on "/" only, and only a picture of the app itself', async () => {
    const { default: Fastify } = await import('fastify');
    const { webPlugin } = await import('./web');
    for (const [image, hinted] of [
      ['/media/banners/b1.svg', true],
      ['//evil.example/x.svg', false],
      ['https://evil.example/x.svg', false],
      [null, false],
    ] as const) {
      const small = Fastify();
      await small.register(webPlugin, { root, homeImage: async () => image });
      const home = (await small.inject({ method: 'GET', url: '/' })).body;
      expect(home.includes('<link rel="preload" as="image" fetchpriority="high"'), String(image)).toBe(hinted);
      if (hinted) expect(home).toContain(`href="${image}"`);
      expect((await small.inject({ method: 'GET', url: '/mall' })).body).not.toContain('as="image" fetchpriority');
      await small.close();
    }
    const failing = Fastify();
    await failing.register(webPlugin, { root, homeImage: () => Promise.reject(new Error('database down')) });
    const res = await failing.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="root"');
    await failing.close();
  });

  it('sends the precompressed file to a browser that takes brotli, the plain one otherwise', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toBe('BROTLI');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await app.inject({ method: 'GET', url: '/assets/big-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("big")');
  });

  it('answers /favicon.ico with the app icon (SVG, with its type) instead of a 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toBe('<svg/>');
  });

  it("does not serve the build's own records", async () => {
    const res = await app.inject({ method: 'GET', url: '/.vite/route-preloads.json' });
    expect(res.headers['content-type']).not.toContain('json');
  });

  it('never serves a directory listing or a 500 for a folder', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/' });
    expect(res.statusCode).toBe(404);
  });

  it('keeps unknown API paths on the 404 envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/market/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: '找不到此介面', data: null });
  });
});
