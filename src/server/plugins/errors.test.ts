import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, conflict } from '../errors';
import { issueMessage, registerErrorHandling, validationMessage } from './errors';
import { validatorCompiler } from './validation';

/** A bare Fastify app with only the error mapper, so each rule is seen on its own. */
describe('error mapper', () => {
  let app: FastifyInstance;
  const logged: unknown[] = [];
  beforeAll(async () => {
    app = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => void logged.push(JSON.parse(line)) } },
    });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    const body = z.strictObject({
      phone: z.string(),
      nickname: z.string().min(2).max(4).optional(),
      quantity: z.number().int().min(1).max(5).optional(),
      type: z.enum(['a', 'b']).optional(),
      code: z
        .string()
        .regex(/^\d{6}$/, '驗證碼為 6 位數字')
        .optional(),
    });
    app
      .withTypeProvider<ZodTypeProvider>()
      .post('/check', { schema: { body } }, async () => ({ code: 200, msg: '', data: null }));
    app.post('/conflict', async () => {
      throw conflict('已售罄');
    });
    app.post('/unavailable', async () => {
      throw new AppError('unavailable', '服務暫時無法使用');
    });
    app.post('/pg-data-exception', async () => {
      throw new Error('Failed query: select …', {
        cause: Object.assign(new Error('invalid input syntax for type integer'), { code: '22P02' }),
      });
    });
    app.post('/pg-out-of-range', async () => {
      throw Object.assign(new Error('value "99999999999" is out of range for type integer'), { code: '22003' });
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
    [{ phone: 5 }, '「手機號碼」必須是文字'],
    [{ phone: '1', nickname: 'a' }, '「暱稱」最少 2 個字'],
    [{ phone: '1', nickname: 'abcde' }, '「暱稱」最多 4 個字'],
    [{ phone: '1', quantity: 0 }, '「數量」不能小於 1'],
    [{ phone: '1', quantity: 6 }, '「數量」不能大於 5'],
    [{ phone: '1', type: 'c' }, '「類型」只可以是 a 或 b'],
    [{ phone: '1', code: '12' }, '驗證碼為 6 位數字'],
  ])('answers %j with 400 %s', async (payload, msg) => {
    expect(await check(payload)).toEqual({ status: 400, code: 400, msg, data: null });
  });

  /** One schema per zod 4 issue kind, each failed by `bad`. */
  const kinds: [kind: string, schema: z.ZodType, bad: unknown, expected: RegExp][] = [
    ['invalid_type', z.strictObject({ quantity: z.number() }), { quantity: 'x' }, /^「數量」必須是數字$/],
    ['invalid_type (int)', z.strictObject({ quantity: z.number().int() }), { quantity: 1.5 }, /^「數量」必須是整數$/],
    ['invalid_type (missing)', z.strictObject({ phone: z.string() }), {}, /^請填寫「手機號碼」$/],
    ['too_small', z.strictObject({ tags: z.array(z.string()).min(2) }), { tags: ['a'] }, /^「tags」最少 2 項$/],
    ['too_big', z.strictObject({ price: z.number().lt(10) }), { price: 10 }, /^「價格」必須小於 10$/],
    [
      'invalid_format (regex)',
      z.strictObject({ code: z.string().regex(/^\d+$/) }),
      { code: 'x' },
      /^「驗證碼」格式不正確$/,
    ],
    ['invalid_format (email)', z.strictObject({ email: z.email() }), { email: 'x' }, /^「email」不是有效的電郵地址$/],
    ['invalid_format (datetime)', z.strictObject({ at: z.iso.datetime() }), { at: 'x' }, /^「at」不是有效的日期時間/],
    ['not_multiple_of', z.strictObject({ price: z.number().multipleOf(5) }), { price: 7 }, /^「價格」必須是 5 的倍數$/],
    ['unrecognized_keys', z.strictObject({}), { extra: 1 }, /^不接受的欄位：extra$/],
    ['invalid_union', z.strictObject({ id: z.union([z.string(), z.number()]) }), { id: true }, /^「編號」格式不正確$/],
    [
      'invalid_union (discriminator)',
      z.discriminatedUnion('type', [z.object({ type: z.literal('card') }), z.object({ type: z.literal('product') })]),
      { type: 'x' },
      /^「類型」只可以是 card 或 product$/,
    ],
    [
      'invalid_key',
      z.strictObject({ rights: z.record(z.string().min(3), z.string()) }),
      { rights: { ab: 'x' } },
      /^「rights」含有不接受的鍵「ab」$/,
    ],
    [
      'invalid_value',
      z.strictObject({ category: z.enum(['公告', '資訊']) }),
      { category: 'x' },
      /^「類別」只可以是 公告 或 資訊$/,
    ],
    [
      'custom',
      z.strictObject({ nickname: z.string().refine((v) => v === 'ok') }),
      { nickname: 'no' },
      /^「暱稱」格式不正確$/,
    ],
    // A schema message in English is not shown: the generic zh-HK sentence naming the field is.
    [
      'custom (English schema message)',
      z.strictObject({ nickname: z.string().refine((v) => v === 'ok', 'must be ok') }),
      { nickname: 'no' },
      /^「暱稱」格式不正確$/,
    ],
  ];

  it.each(kinds)('words a %s issue in zh-HK, naming the field', async (_kind, schema, bad, expected) => {
    const result = z.safeParse(schema, bad, { error: (issue) => validationMessage(issue) });
    expect(result.success).toBe(false);
    const msg = issueMessage(result.error!.issues[0]!);
    expect(msg).toMatch(expected);
    expect(msg).toMatch(/[\u3400-\u9fff]/);
    expect(msg).not.toMatch(/\b(Invalid|expected|received|must|Too (small|big)|Unrecognized)\b/i);
  });

  it('words invalid_element (a bad value inside a map) in zh-HK', () => {
    const msg = validationMessage({
      code: 'invalid_element',
      origin: 'map',
      key: 'k',
      issues: [],
      input: new Map(),
      path: ['tags'],
    } as never);
    expect(msg).toBe('「tags」含有不正確的項目');
  });

  it('maps AppError kinds to their codes', async () => {
    const c = await app.inject({ method: 'POST', url: '/conflict' });
    expect([c.statusCode, c.json()]).toEqual([409, { code: 409, msg: '已售罄', data: null }]);
    const u = await app.inject({ method: 'POST', url: '/unavailable' });
    expect([u.statusCode, u.json()]).toEqual([503, { code: 503, msg: '服務暫時無法使用', data: null }]);
  });

  it('answers a database data exception (class 22) the schema let through with 400, not 500', async () => {
    for (const url of ['/pg-data-exception', '/pg-out-of-range']) {
      const res = await app.inject({ method: 'POST', url });
      expect([res.statusCode, res.json()]).toEqual([400, { code: 400, msg: '請求內容含有不接受的值', data: null }]);
    }
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
