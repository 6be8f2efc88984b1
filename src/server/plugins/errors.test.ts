import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, conflict } from '../errors';
import { registerErrorHandling } from './errors';

/** A bare Fastify app with only the error mapper, so each rule is seen on its own. */
describe('error mapper', () => {
  let app: FastifyInstance;
  const logged: unknown[] = [];
  beforeAll(async () => {
    app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => void logged.push(JSON.parse(line)) } } });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    const body = z.strictObject({
      phone: z.string(),
      nickname: z.string().min(2).max(4).optional(),
      quantity: z.number().int().min(1).max(5).optional(),
      type: z.enum(['a', 'b']).optional(),
      code: z.string().regex(/^\d{6}$/, '驗證碼為 6 位數字').optional(),
    });
    app.withTypeProvider<ZodTypeProvider>().post('/check', { schema: { body } }, async () => ({ code: 200, msg: '', data: null }));
    app.post('/conflict', async () => {
      throw conflict('已售罄');
    });
    app.post('/unavailable', async () => {
      throw new AppError('unavailable', '服務暫時無法使用');
    });
    app.post('/boom', async () => {
      throw new Error('secret internals: password=hunter2');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const check = async (payload: object) => {
    const res = await app.inject({ method: 'POST', url: '/check', payload });
    return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: null }) };
  };

  it.each([
    [{ phone: '1', extra: 1 }, '不接受的欄位：extra'],
    [{}, '請填寫「手機號碼」'],
    [{ phone: 5 }, '「手機號碼」格式不正確'],
    [{ phone: '1', nickname: 'a' }, '「暱稱」最少 2 個字'],
    [{ phone: '1', nickname: 'abcde' }, '「暱稱」最多 4 個字'],
    [{ phone: '1', quantity: 0 }, '「數量」不能小於 1'],
    [{ phone: '1', quantity: 6 }, '「數量」不能大於 5'],
    [{ phone: '1', type: 'c' }, '「類型」的值不在可選範圍內'],
    [{ phone: '1', code: '12' }, '驗證碼為 6 位數字'],
  ])('answers %j with 400 %s', async (payload, msg) => {
    expect(await check(payload)).toEqual({ status: 400, code: 400, msg, data: null });
  });

  it('maps AppError kinds to their codes', async () => {
    const c = await app.inject({ method: 'POST', url: '/conflict' });
    expect([c.statusCode, c.json()]).toEqual([409, { code: 409, msg: '已售罄', data: null }]);
    const u = await app.inject({ method: 'POST', url: '/unavailable' });
    expect([u.statusCode, u.json()]).toEqual([503, { code: 503, msg: '服務暫時無法使用', data: null }]);
  });

  it('hides unexpected errors behind a generic 500 and logs them', async () => {
    logged.length = 0;
    const res = await app.inject({ method: 'POST', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, msg: '系統繁忙，請稍後再試', data: null });
    expect(res.body).not.toContain('hunter2');
    expect(JSON.stringify(logged)).toContain('secret internals');
  });
});
