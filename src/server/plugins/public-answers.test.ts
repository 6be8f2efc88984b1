import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cardInfos } from '../db/schema';
import type { CardInfo } from '../../shared/schemas/catalogue';
import { createBuyers, createDrop } from '../modules/pay-orders/pay-orders.fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { matchesIfNoneMatch } from './public-answers';

const HOUR = 3600_000;

describe('public answers from the cache', () => {
  let t: TestApp;
  let drop: string;
  let upcoming: string;
  let buyer: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    const now = t.clock.now();
    drop = await createDrop(t.db, { editionSize: 10, perUserLimit: 5, saleStartsAt: new Date(now.getTime() - HOUR) });
    upcoming = await createDrop(t.db, {
      editionSize: 10,
      perUserLimit: 5,
      saleStartsAt: new Date(now.getTime() + HOUR),
      name: '冰霜龍',
    });
    buyer = (await createBuyers(t.db, 1, now))[0]!;
  });
  afterAll(() => t.close());

  const list = () => t.app.inject({ method: 'GET', url: '/api/cardInfo/list?page=1&pageSize=20' });
  const infoOf = (body: string, id: string) =>
    (JSON.parse(body) as { data: CardInfo[] }).data.find((c) => c.id === id)!;

  it('answers with an ETag, and 304 without a body to a client holding it', async () => {
    const first = await list();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await list();
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);

    const revalidated = await t.app.inject({
      method: 'GET',
      url: '/api/cardInfo/list?page=1&pageSize=20',
      headers: { 'if-none-match': `W/${etag}, "other"` },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers['cache-control']).toBe('public, no-cache');
    expect(revalidated.headers.etag).toBe(etag);
    // The same question spelt differently is the same answer.
    expect((await t.app.inject({ method: 'GET', url: '/api/cardInfo/list?pageSize=20' })).headers.etag).toBe(etag);
    // Another question, another answer.
    expect((await t.app.inject({ method: 'GET', url: '/api/cardInfo/list?page=1&pageSize=1' })).headers.etag).not.toBe(
      etag,
    );
  });

  it('answers from memory until the tag is invalidated', async () => {
    const before = infoOf((await list()).body, drop).name;
    // Written behind the services' back: the cache cannot know…
    await t.db.update(cardInfos).set({ name: '改名龍' }).where(eq(cardInfos.id, drop));
    expect(infoOf((await list()).body, drop).name).toBe(before);
    // …until told, as every write path does.
    t.app.deps.publicCache.invalidate('catalogue');
    expect(infoOf((await list()).body, drop).name).toBe('改名龍');
  });

  it('computes an answer once for the requests that arrive together after a write', async () => {
    const { catalogue } = t.app.services;
    const original = catalogue.cardInfos;
    let queries = 0;
    catalogue.cardInfos = async (q) => {
      queries++;
      return original(q);
    };
    try {
      t.app.deps.publicCache.invalidate('catalogue');
      const answers = await Promise.all(Array.from({ length: 10 }, () => list()));
      expect(queries).toBe(1);
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(answers.every((a) => a.statusCode === 200 && a.headers.etag === answers[0]!.headers.etag)).toBe(true);
    } finally {
      catalogue.cardInfos = original;
    }
  });

  it('answers 304 also on the request that fills the cache', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/banner' });
    t.app.deps.publicCache.invalidate('content');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/banner',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(res.statusCode).toBe(304);
    expect(res.headers['cache-control']).toBe('public, no-cache');
  });

  it('shows a mall purchase and its cancellation in the cached lists at once', async () => {
    expect(infoOf((await list()).body, drop)).toMatchObject({ left: 10, saleState: 'on_sale' });
    const order = await t.call<{ orderNo: string }>('POST', 'payOrder/create', {
      token: buyer!.token,
      headers: { 'idempotency-key': 'cache-buy-1' },
      body: { type: 'card', cardInfoId: drop, quantity: 4 },
    });
    expect(order.status).toBe(200);
    expect(infoOf((await list()).body, drop)).toMatchObject({ left: 6 });
    const detail = await t.call<CardInfo>('GET', 'cardInfo/detail', { query: { id: drop } });
    expect(detail.data.left).toBe(6);
    expect(
      (await t.call('POST', 'payOrder/cancel', { token: buyer!.token, body: { orderNo: order.data.orderNo } })).status,
    ).toBe(200);
    expect(infoOf((await list()).body, drop)).toMatchObject({ left: 10 });
  });

  it('opens a sale window by the clock, without any write', async () => {
    expect(infoOf((await list()).body, upcoming).saleState).toBe('upcoming');
    const start = t.clock.now();
    try {
      t.clock.advance(HOUR - 1);
      expect(infoOf((await list()).body, upcoming).saleState).toBe('upcoming');
      t.clock.advance(1);
      expect(infoOf((await list()).body, upcoming).saleState).toBe('on_sale');
      // Set back (a test, or a stepped system clock): never an answer computed for later.
      t.clock.set(start);
      expect(infoOf((await list()).body, upcoming).saleState).toBe('upcoming');
    } finally {
      t.clock.set(start);
    }
  });

  it('skips the session lookup on public routes: a stale token still gets the public answer', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/banner',
      headers: { authorization: 'Bearer not-a-session' },
    });
    expect(res.statusCode).toBe(200);
    // …while a private route still refuses it.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { authorization: 'Bearer not-a-session' } }))
        .statusCode,
    ).toBe(403);
  });

  it('never caches a refusal', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/cardInfo/detail?id=ci_missing' });
    expect(bad.statusCode).toBe(404);
    expect(bad.headers.etag).toBeUndefined();
    expect(bad.headers['cache-control']).toBe('no-store');
  });
});

describe('If-None-Match', () => {
  it('matches any listed tag, weakly, or *', () => {
    expect(matchesIfNoneMatch('"a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('"b", W/"a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('*', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('"b"', '"a"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, '"a"')).toBe(false);
    expect(matchesIfNoneMatch('a', '"a"')).toBe(false);
  });
});
