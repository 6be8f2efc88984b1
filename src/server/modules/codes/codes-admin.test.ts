import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeBatches } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { auditOf, signInOperator } from '../../testing/operator';
import { addTheme, signIn } from '../collection/collection-fixtures';

interface Batch {
  id: string;
  target: { kind: string; id: string; name: string };
  count: number;
  used: number;
  unused: number;
  voided: number;
  status: string;
  csvAvailable: boolean;
  createdBy: string | null;
}

describe('admin code batches API', () => {
  let t: TestApp;
  let op: { token: string; userId: string };
  let user: { token: string; userId: string };
  const post = <T>(path: string, body: unknown) => {
    t.clock.advance(1);
    return t.call<T>('POST', `admin/${path}`, { body, token: op.token });
  };
  const csv = (id: string) => (
    t.clock.advance(1),
    t.app.inject({
      method: 'GET',
      url: `/api/admin/codeBatches/csv?id=${id}`,
      headers: { authorization: `Bearer ${op.token}` },
    })
  );

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://trove.example' } });
    op = await signInOperator(t);
    user = await signIn(t);
    await addTheme(t, 'thm_codes', [{ id: 'ci_codes_1', name: '=流星' }, { id: 'ci_codes_2' }], { id: 'ci_codes_b' });
  });
  afterAll(() => t.close());

  it('generates a batch, hands its clear codes over once as CSV, counts a redemption, and voids the rest', async () => {
    const created = await post<Batch>('codeBatches/create', { cardInfoId: 'ci_codes_1', count: 5, note: '展會' });
    expect(created).toMatchObject({
      code: 200,
      data: {
        target: { kind: 'cardInfo', id: 'ci_codes_1', name: '=流星' },
        count: 5,
        unused: 5,
        used: 0,
        status: 'active',
        csvAvailable: true,
        createdBy: op.userId,
      },
    });
    const id = created.data.id;

    const first = await csv(id);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(first.headers['content-disposition']).toBe(`attachment; filename="codes-${id}.csv"`);
    expect(first.headers['cache-control']).toBe('no-store');
    const lines = first.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('code,batch_id,target,url');
    expect(lines).toHaveLength(6);
    // A target name starting with = is kept from running as a spreadsheet formula.
    expect(lines[1]!.split(',')[2]).toBe("'=流星");
    const codes = lines.slice(1).map((l) => l.split(',')[0]!);

    const again = await csv(id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 409, data: null });
    expect(again.json().msg).toContain('已下載過');

    const redeemed = await t.call('POST', 'card/exchange', { body: { code: codes[0] }, token: user.token });
    expect(redeemed.code).toBe(200);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/codeBatches?status=active',
      headers: { authorization: `Bearer ${op.token}` },
    });
    expect(listed.headers['x-total-count']).toBe('1');
    expect(listed.json().data[0]).toMatchObject({ id, used: 1, unused: 4, csvAvailable: false });

    const voided = await post<Batch>('codeBatches/void', { id });
    expect(voided.data).toMatchObject({ status: 'voided', used: 1, unused: 0, voided: 4 });
    expect((await post('codeBatches/void', { id })).code).toBe(409);
    expect((await t.call('POST', 'card/exchange', { body: { code: codes[1] }, token: user.token })).code).toBe(409);

    const records = await auditOf(t, id);
    expect(records.map((r) => r.action)).toEqual(['code_batch.void', 'code_batch.download', 'code_batch.create']);
    // No clear code ever reaches the audit log.
    const logged = JSON.stringify(records);
    for (const code of codes) expect(logged).not.toContain(code.replace(/-/g, ''));
    for (const code of codes) expect(logged).not.toContain(code);
  });

  it('keeps the held codes encrypted, and wipes them when a batch is voided before download', async () => {
    const { data } = await post<Batch>('codeBatches/create', { themeId: 'thm_codes', count: 3 });
    expect(data.target).toMatchObject({ kind: 'theme', id: 'thm_codes' });
    const [row] = await t.db.select().from(codeBatches).where(eq(codeBatches.id, data.id));
    expect(row!.csvKeyId).toBe('code-batch-csv-v1');
    expect(row!.csvCipher).not.toMatch(/code,batch_id/);
    await post('codeBatches/void', { id: data.id });
    const res = await csv(data.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('此批次已作廢，兌換碼明文已刪除');
  });

  it('answers a CLI batch (codes never held) with 409, and refuses bad input in zh-HK', async () => {
    const cli = await t.app.services.codes.createBatch({ cardInfoId: 'ci_codes_2', count: 1 });
    const res = await csv(cli.batch.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain('npm run codes');
    expect((await post('codeBatches/create', { cardInfoId: 'ci_codes_1', themeId: 'thm_codes', count: 1 })).msg).toBe(
      '請指定卡牌或卡冊其中一項',
    );
    expect((await post('codeBatches/create', { cardInfoId: 'ci_codes_1', count: 10_001 })).msg).toBe(
      '「數量」不能大於 10000',
    );
    expect((await post('codeBatches/create', { cardInfoId: 'ci_codes_b', count: 1 })).code).toBe(400);
    expect((await post('codeBatches/create', { cardInfoId: 'ci_nope', count: 1 })).code).toBe(404);
    expect((await t.call('GET', 'admin/codeBatches/csv', { query: { id: 'cbt_nope' }, token: op.token })).code).toBe(
      404,
    );
    expect(
      (await t.call('GET', 'admin/codeBatches/csv', { query: { id: cli.batch.id }, token: user.token })).code,
    ).toBe(404);
  });
});
