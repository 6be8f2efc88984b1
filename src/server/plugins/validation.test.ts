import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createBuyers } from '../modules/pay-orders/pay-orders.fixtures';
import { findControlChar } from './validation';

const CJK = /[\u3400-\u9fff]/;

/** Odd but well-formed input must be a 400 with a zh-HK sentence, never a 500 or English. */
describe('input guards', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    [{ token }] = (await createBuyers(t.db, 1, t.clock.now())) as [{ id: string; token: string }];
  });
  afterAll(() => t.close());

  const expect400 = (res: { status: number; code: number; msg: string; data: unknown }, field?: string) => {
    expect(res).toMatchObject({ status: 400, code: 400, data: null });
    expect(res.msg).toMatch(CJK);
    expect(res.msg).toContain('控制字元');
    if (field) expect(res.msg).toContain(field);
  };

  it.each([
    ['card/detail', 'id', false],
    ['cardInfo/detail', 'id', false],
    ['product/detail', 'id', false],
    ['article/detail', 'id', false],
    ['cardInfo/list', 'themeId', false],
    ['article/list', 'category', false],
    ['payOrder/list', 'itemId', true],
    ['payOrder/info', 'orderNo', true],
    ['card/collection', 'themeId', true],
  ] as const)('refuses a NUL in the query of %s (%s)', async (path, param, signedIn) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/${path}?${param}=a%00`,
      headers: signedIn ? { authorization: `Bearer ${token}` } : {},
    });
    expect400({ ...(res.json() as { code: number; msg: string; data: unknown }), status: res.statusCode });
  });

  // Bodies, keys and nested values, by a buyer placing an order, a signed-in user or an anonymous caller.
  it.each([
    ['payOrder/create', { type: 'card', cardInfoId: 'ci_\u0000', quantity: 1 }, '卡牌', 'order'],
    ['payOrder/create', { type: 'product', productId: 'p\u0000', quantity: 1 }, '商品', 'order'],
    ['card/exchangeBCard', { themeId: 'thm\u0000' }, '卡冊', 'user'],
    ['card/exchange', { code: 'ABCD\u0000' }, undefined, 'user'],
    ['sms/send', { phone: '9123\u00014567', purpose: 'login' }, '手機號碼', 'anonymous'],
    ['user/login', { phone: '91234567', code: '123456', ['x\u0000']: 1 }, undefined, 'anonymous'],
    [
      'user/register',
      { phone: '91234567', code: '123456', agreePrivacy: true, nickname: ['ok', 'a\u001fb'] },
      '暱稱',
      'anonymous',
    ],
  ] as const)(
    'refuses NUL and other C0 controls in the body of %s, naming the field (%s)',
    async (path, body, field, caller) => {
      const headers = caller === 'order' ? { 'Idempotency-Key': 'test-key-control-1' } : undefined;
      expect400(await t.call('POST', path, caller === 'anonymous' ? { body } : { token, headers, body }), field);
    },
  );

  it('refuses control characters in headers (Idempotency-Key, User-Agent)', async () => {
    const res = await t.call('POST', 'payOrder/create', {
      token,
      headers: { 'Idempotency-Key': 'key\u0000key-1234' },
      body: { type: 'card', cardInfoId: 'ci_x', quantity: 1 },
    });
    expect400(res, 'idempotency-key');
    expect400(
      await t.call('POST', 'user/login', {
        headers: { 'user-agent': 'agent\u0000' },
        body: { phone: '91234567', code: '123456' },
      }),
      'user-agent',
    );
  });

  it('refuses a NUL in a path parameter of the sandbox checkout', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pay/sandbox/TR2611220000ABCD%00' });
    expect400({ ...(res.json() as { code: number; msg: string; data: unknown }), status: res.statusCode }, '訂單編號');
  });

  it('keeps tabs and line breaks, which text may hold', () => {
    expect(findControlChar({ bio: 'line one\nline two\r\n\tindented' })).toBeNull();
    expect(findControlChar({ a: [{ b: 'x\u0007' }] })).toEqual(['a', 0, 'b']);
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findControlChar(deep)).toHaveLength(100_000);
  });

  it('answers a value outside an enum in zh-HK, naming the field and the choices (article/list?category=x)', async () => {
    const res = await t.call('GET', 'article/list', { query: { category: 'x' } });
    expect(res).toMatchObject({ status: 400, code: 400, msg: '「類別」只可以是 公告、資訊 或 攻略', data: null });
    expect(res.msg).not.toMatch(/Invalid|expected/);
  });
});
