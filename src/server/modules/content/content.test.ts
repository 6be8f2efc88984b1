import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, banners, privacyPolicies } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('content API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const now = t.clock.now();
    const hour = 3600_000;
    await t.db.insert(banners).values([
      { id: 'bnr_1', title: '新品', image: '/media/b1.svg', link: '/mall', sort: 2 },
      { id: 'bnr_2', title: '首發', image: '/media/b2.svg', link: '/mall', sort: 1 },
      { id: 'bnr_old', title: '舊', image: '/media/b3.svg', link: '', endsAt: new Date(now.getTime() - hour) },
    ]);
    await t.db.insert(articles).values([
      {
        id: 'art_1',
        title: '一',
        cover: '/c.svg',
        category: '公告',
        summary: 's',
        body: 'b',
        publishedAt: new Date(now.getTime() - 2 * hour),
      },
      {
        id: 'art_2',
        title: '二',
        cover: '/c.svg',
        category: '攻略',
        summary: 's',
        body: 'b',
        publishedAt: new Date(now.getTime() - hour),
      },
      {
        id: 'art_future',
        title: '未來',
        cover: '/c.svg',
        category: '資訊',
        summary: 's',
        body: 'b',
        publishedAt: new Date(now.getTime() + hour),
      },
    ]);
    await t.db.insert(privacyPolicies).values({
      id: 'pp_1',
      version: '2026-01',
      title: '私隱政策',
      body: '內容',
      publishedAt: new Date(now.getTime() - hour),
    });
  });
  afterAll(() => t.close());

  it('lists active banners in order', async () => {
    const res = await t.call('GET', 'banner');
    expect(res).toMatchObject({ status: 200, code: 200, msg: '' });
    expect((res.data as { id: string }[]).map((b) => b.id)).toEqual(['bnr_2', 'bnr_1']);
  });

  it('lists published articles newest first and pages them', async () => {
    const all = await t.call<{ id: string }[]>('GET', 'article/list');
    expect(all.data.map((a) => a.id)).toEqual(['art_2', 'art_1']);
    const page2 = await t.call<{ id: string }[]>('GET', 'article/list', { query: { page: '2', pageSize: '1' } });
    expect(page2.data.map((a) => a.id)).toEqual(['art_1']);
  });

  it('answers an unpublished or unknown article with 404', async () => {
    expect((await t.call('GET', 'article/detail', { query: { id: 'art_future' } })).code).toBe(404);
    const res = await t.call('GET', 'article/detail', { query: { id: 'nope' } });
    expect(res).toMatchObject({ status: 404, code: 404, data: null });
    expect(res.msg).toMatch(/文章/);
  });

  it('rejects a bad page size with a message naming the field', async () => {
    const res = await t.call('GET', 'article/list', { query: { pageSize: '500' } });
    expect(res).toMatchObject({ status: 400, code: 400 });
    expect(res.msg).toContain('每頁數量');
  });

  it('serves the privacy policy', async () => {
    const res = await t.call<{ version: string }>('GET', 'privacy/info');
    expect(res.data.version).toBe('2026-01');
  });
});
