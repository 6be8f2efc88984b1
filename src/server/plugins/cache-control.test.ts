import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createBuyers } from '../modules/pay-orders/pay-orders.fixtures';
import { seedDemo } from '../db/seed';

/** Personal answers must never be kept by a browser or proxy cache; public ones say so themselves. */
describe('Cache-Control of API answers', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.db, t.clock.now());
    [{ token }] = (await createBuyers(t.db, 1, t.clock.now())) as [{ id: string; token: string }];
  });
  afterAll(() => t.close());

  const cacheOf = async (url: string, opts: { token?: string; method?: 'GET' | 'POST'; body?: object } = {}) => {
    const res = await t.app.inject({
      method: opts.method ?? 'GET',
      url,
      headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
      payload: opts.body,
    });
    return { status: res.statusCode, cache: res.headers['cache-control'] };
  };

  it('is no-store on personal answers: the user, sessions, orders, the collection', async () => {
    for (const url of [
      '/api/user/info',
      '/api/payOrder/list',
      '/api/card/collection',
      '/api/card/theme',
      '/api/card/rights',
      '/api/payOrder/methods',
    ]) {
      expect(await cacheOf(url, { token })).toEqual({ status: 200, cache: 'no-store' });
    }
    const login = await cacheOf('/api/user/login', { method: 'POST', body: { phone: '91234567', code: '123456' } });
    expect(login.cache).toBe('no-store');
  });

  it('lets the routes that are the same for everyone be cached', async () => {
    const [article] = (await t.call<{ id: string }[]>('GET', 'article/list')).data;
    const [card] = (await t.call<{ id: string }[]>('GET', 'cardInfo/list')).data;
    const [product] = (await t.call<{ id: string }[]>('GET', 'product/list', { query: { type: '1' } })).data;
    for (const url of [
      '/api/banner',
      '/api/article/list',
      `/api/article/detail?id=${article!.id}`,
      '/api/privacy/info',
    ]) {
      expect(await cacheOf(url), url).toEqual({ status: 200, cache: 'public, no-cache' });
    }
    for (const url of [
      '/api/cardInfo/list',
      `/api/cardInfo/detail?id=${card!.id}`,
      '/api/product/list?type=1',
      `/api/product/detail?id=${product!.id}`,
    ]) {
      expect(await cacheOf(url), url).toEqual({ status: 200, cache: 'public, no-cache' });
    }
    // Signed in, the public answers are the same (the routes never read the user).
    expect(await cacheOf('/api/banner', { token })).toEqual({ status: 200, cache: 'public, no-cache' });
  });

  it('is no-store on every error, even of a public route', async () => {
    expect(await cacheOf('/api/article/detail?id=nope')).toEqual({ status: 404, cache: 'no-store' });
    expect(await cacheOf('/api/article/list?category=x')).toEqual({ status: 400, cache: 'no-store' });
    expect(await cacheOf('/api/cardInfo/detail')).toEqual({ status: 400, cache: 'no-store' });
    expect(await cacheOf('/api/user/info')).toEqual({ status: 403, cache: 'no-store' });
    expect(await cacheOf('/api/no/such/route')).toEqual({ status: 404, cache: 'no-store' });
  });
});
