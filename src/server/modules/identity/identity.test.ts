import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Identity, PayoutAccount } from '../../../shared/schemas/identity';
import { identities, payoutAccounts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signIn } from '../collection/collection-fixtures';

/** The identity API over HTTP and the database (the rules on fakes: identity.service.test.ts). */

type User = { userId: string; token: string; phone: string };

describe('real-name verification and payout account', () => {
  let t: TestApp;

  const post = <T>(path: string, u: User | null, body: unknown) => t.call<T>('POST', path, { token: u?.token, body });
  const get = <T>(path: string, u: User | null) => t.call<T>('GET', path, { token: u?.token });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('verifies an HKID once, answers only the masked record, and keeps the number encrypted', async () => {
    const u = await signIn(t);
    expect(
      (await post('userIdInfo/verify', null, { name: '陳大文', idType: 'hkid', idNumber: 'A123456(3)' })).status,
    ).toBe(403);
    const res = await post<Identity>('userIdInfo/verify', u, {
      name: '陳大文',
      idType: 'hkid',
      idNumber: 'A123456(3)',
    });
    expect(res).toMatchObject({
      status: 200,
      data: { idType: 'hkid', nameMasked: '陳*文', idNumberMasked: 'A12****(3)', status: 'verified' },
    });
    expect(JSON.stringify(res)).not.toContain('A1234563');
    const row = (await t.db.select().from(identities).where(eq(identities.userId, u.userId)))[0]!;
    expect(row.numberCipher).not.toContain('A123456');
    expect(row.keyId).toBe('identity-v1');
    expect((await get<Identity>('userIdInfo/info', u)).data.idNumberMasked).toBe('A12****(3)');
    expect((await get<{ verified: boolean }>('user/info', u)).data.verified).toBe(true);
    // Once per account, once per document.
    expect(
      await post('userIdInfo/verify', u, { name: '陳大文', idType: 'passport', idNumber: 'E12345678' }),
    ).toMatchObject({ status: 409 });
    const other = await signIn(t);
    const dup = await post('userIdInfo/verify', other, { name: '李小明', idType: 'hkid', idNumber: 'a1234563' });
    expect(dup).toMatchObject({ status: 409, msg: '此證件已用於另一個帳戶的實名認證' });
    expect((await get('userIdInfo/info', other)).data).toBeNull();
  });

  it('refuses wrong check digits and bad shapes with zh-HK messages', async () => {
    const u = await signIn(t);
    const hkid = await post('userIdInfo/verify', u, { name: '陳大文', idType: 'hkid', idNumber: 'A123456(4)' });
    expect(hkid.status).toBe(400);
    expect(hkid.msg).toContain('核對數字');
    expect(
      (await post('userIdInfo/verify', u, { name: '陳大文', idType: 'prc_id', idNumber: '110105194912310021' })).status,
    ).toBe(400);
    expect((await post('userIdInfo/verify', u, { name: '陳大文', idType: 'ssn', idNumber: '123' })).status).toBe(400);
    expect((await post('userIdInfo/verify', u, { name: '陳', idType: 'passport', idNumber: 'E12345678' })).status).toBe(
      400,
    );
    expect(
      (
        await post<Identity>('userIdInfo/verify', u, {
          name: '王小明',
          idType: 'prc_id',
          idNumber: '11010519491231002X',
        })
      ).data.idNumberMasked,
    ).toBe('110***********002X');
  });

  it('saves the payout account only with the SMS code of the own phone, masked', async () => {
    const u = await signIn(t);
    const body = { method: 'fps', accountName: 'CHAN TAI MAN', accountNo: '1234567', code: '000000' };
    expect((await post('payment/update', u, body)).status).toBe(400);
    await post('sms/authSend', u, { purpose: 'payment' });
    const res = await post<PayoutAccount>('payment/update', u, { ...body, code: t.sms.lastCode(u.phone) });
    expect(res).toMatchObject({
      status: 200,
      data: { method: 'fps', accountName: 'CHAN TAI MAN', accountNoMasked: '***4567' },
    });
    const row = (await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, u.userId)))[0]!;
    expect(row.accountNoCipher).not.toContain('1234567');
    expect(t.app.services.identity.revealAccountNo(row)).toBe('1234567');
    expect((await post('payment/update', u, { ...body, accountNo: 'x', code: '123456' })).status).toBe(400);
  });
});
