import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../adapters/clock';
import { FakeSms } from '../adapters/sms/fake-sms';
import { buildApp } from '../app';
import { createKeys } from '../adapters/keys';
import { openTestDatabase } from '../testing/test-db';
import { testConfig, testSecret } from '../testing/test-app';

describe('the web app served by the server', () => {
  let app: FastifyInstance;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'trove-web-'));
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(root, 'admin.html'), '<!doctype html><div id="admin-root"></div>');
    writeFileSync(path.join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(root, 'favicon.svg'), '<svg/>');
    const database = await openTestDatabase({ postgres: false });
    app = await buildApp({
      deps: { config: testConfig(), db: database.db, clock: new ManualClock(), keys: createKeys(testSecret()), sms: new FakeSms() },
      webRoot: root,
      onClose: () => database.close(),
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it.each(['/', '/market', '/mall/goodsDetail', '/my/collection/order', '/login', '/my/'])('serves index.html for the screen %s', async (url) => {
    const res = await app.inject({ method: 'GET', url: `${url}?x=1` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('id="root"');
  });

  it.each(['/admin', '/admin/', '/admin/themes', '/admin/users/show/usr_1?x=1'])('serves the back office (admin.html, not the mobile app) for %s', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('id="admin-root"');
    expect(res.body).not.toContain('id="root"');
  });

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
