import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { auditOf, signInOperator } from '../../testing/operator';

describe('admin content API', () => {
  let t: TestApp;
  let op: { token: string; userId: string };
  const hour = 3600_000;
  const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
  // Each action a millisecond later, so audit records sort in the order they were made.
  const post = <T>(path: string, body: unknown) => {
    t.clock.advance(1);
    return t.call<T>('POST', `admin/${path}`, { body, token: op.token });
  };
  const get = <T>(path: string, query: Record<string, string> = {}) =>
    t.call<T>('GET', `admin/${path}`, { query, token: op.token });

  beforeAll(async () => {
    t = await createTestApp();
    op = await signInOperator(t);
  });
  afterAll(() => t.close());

  it('creates a banner that the home page shows inside its window, updates and deletes it, audited', async () => {
    const created = await post<{ id: string; active: boolean }>('banners/create', {
      title: '新卡冊',
      image: '/uploads/b/640.webp',
      link: '/mall',
      sort: 1,
      startsAt: at(-hour),
      endsAt: at(hour),
    });
    expect(created).toMatchObject({ code: 200, data: { active: true } });
    const id = created.data.id;
    expect((await t.call<{ id: string }[]>('GET', 'banner')).data.map((b) => b.id)).toContain(id);
    expect((await post('banners/update', { id, endsAt: at(-2 * hour) })).msg).toBe('「結束時間」必須遲於「開始時間」');
    expect((await post('banners/create', { title: 'x', image: '/a.webp', link: 'javascript:alert(1)' })).msg).toContain(
      '連結',
    );
    const later = await post<{ active: boolean }>('banners/update', { id, startsAt: at(2 * hour), endsAt: null });
    expect(later.data.active).toBe(false);
    expect((await t.call<{ id: string }[]>('GET', 'banner')).data.map((b) => b.id)).not.toContain(id);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/banners',
      headers: { authorization: `Bearer ${op.token}` },
    });
    expect(listed.headers['x-total-count']).toBe('1');
    expect((await post('banners/delete', { id })).code).toBe(200);
    expect((await post('banners/delete', { id })).code).toBe(404);
    expect((await auditOf(t, id)).map((r) => r.action)).toEqual(['banner.delete', 'banner.update', 'banner.create']);
  });

  it('keeps an article as a draft until it has a publication time, then the app shows it', async () => {
    const draft = await post<{ id: string; status: string; publishedAt: null }>('articles/create', {
      title: '開售公告',
      cover: '/uploads/a/640.webp',
      category: '公告',
      summary: '摘要',
      body: '第一段\n第二段',
    });
    expect(draft.data).toMatchObject({ status: 'draft', publishedAt: null });
    const id = draft.data.id;
    expect((await t.call('GET', 'article/detail', { query: { id } })).code).toBe(404);
    expect((await get<{ id: string }[]>('articles', { q: '開售' })).data.map((a) => a.id)).toEqual([id]);
    expect((await get<{ body: string }>('articles/detail', { id })).data.body).toBe('第一段\n第二段');
    const scheduled = await post<{ status: string }>('articles/update', { id, publishedAt: at(hour) });
    expect(scheduled.data.status).toBe('scheduled');
    const published = await post<{ status: string }>('articles/update', { id, publishedAt: at(0) });
    expect(published.data.status).toBe('published');
    expect((await t.call('GET', 'article/detail', { query: { id } })).code).toBe(200);
    expect((await post('articles/create', { title: 'x', cover: '/a.webp', category: '新聞', body: 'b' })).msg).toBe(
      '「類別」只可以是 公告、資訊 或 攻略',
    );
    expect((await post('articles/create', { title: '', cover: '/a.webp', category: '公告', body: 'b' })).msg).toBe(
      '請填寫「標題」',
    );
    expect((await post('articles/delete', { id })).code).toBe(200);
    expect((await auditOf(t, id)).map((r) => r.action)).toEqual([
      'article.delete',
      'article.update',
      'article.update',
      'article.create',
    ]);
  });

  it('drafts privacy versions, edits drafts only, and publishing one makes it current', async () => {
    const v1 = await post<{ id: string; current: boolean; publishedAt: null }>('privacy/create', {
      version: '2026-01',
      title: '私隱政策',
      body: '第一版',
    });
    expect(v1.data).toMatchObject({ current: false, publishedAt: null });
    expect((await t.call('GET', 'privacy/info')).code).toBe(404);
    expect((await post('privacy/create', { version: '2026-01', title: 'x', body: 'y' })).msg).toBe(
      '版本「2026-01」已存在',
    );
    expect((await post('privacy/create', { version: '第一版', title: 'x', body: 'y' })).code).toBe(400);
    expect((await post<{ body: string }>('privacy/update', { id: v1.data.id, body: '第一版（修訂）' })).data.body).toBe(
      '第一版（修訂）',
    );
    expect((await post<{ current: boolean }>('privacy/publish', { id: v1.data.id })).data.current).toBe(true);
    expect((await t.call<{ version: string; body: string }>('GET', 'privacy/info')).data).toMatchObject({
      version: '2026-01',
      body: '第一版（修訂）',
    });
    expect((await post('privacy/update', { id: v1.data.id, body: '改' })).msg).toBe(
      '已發佈的版本不能修改，請建立新版本',
    );
    expect((await post('privacy/publish', { id: v1.data.id })).code).toBe(409);

    const v2 = await post<{ id: string }>('privacy/create', { version: '2026-02', title: '私隱政策', body: '第二版' });
    await post('privacy/publish', { id: v2.data.id });
    const list = await get<{ id: string; current: boolean }[]>('privacy');
    expect(list.data.map((p) => [p.id, p.current])).toEqual([
      [v2.data.id, true],
      [v1.data.id, false],
    ]);
    expect((await t.call<{ version: string }>('GET', 'privacy/info')).data.version).toBe('2026-02');
    expect((await auditOf(t, v1.data.id)).map((r) => r.action)).toEqual([
      'privacy.publish',
      'privacy.update',
      'privacy.create',
    ]);
  });
});
