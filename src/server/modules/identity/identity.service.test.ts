import { recordingNotifier } from '../notifications/notifications.fixtures';
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { ID_NUMBER_MESSAGES } from '../../../shared/identity';
import {
  PaymentUpdateBodySchema,
  VerifyIdentityBodySchema,
  type PaymentUpdateBody,
  type VerifyIdentityBody,
} from '../../../shared/schemas/identity';
import { ManualClock } from '../../adapters/clock';
import { createKeys } from '../../adapters/keys';
import { createVault } from '../../adapters/vault';
import { AppError, invalid } from '../../errors';
import { fakeDb, memoryLog } from '../../testing/fakes';
import { testSecret } from '../../testing/test-app';
import type { Actor, Operator } from '../auth/auth.service';
import type { IdentityRepository, IdentityRow, PayoutAccountRow } from './identity.repository';
import { createIdentityService } from './identity.service';

/**
 * Real-name verification and payout accounts on a fake repository with the SQL's unique keys (one
 * identity per user, one per number hash) and the real vault. The HTTP and database behaviour is
 * covered by identity.test.ts.
 */

function fakeRepository() {
  const identities: IdentityRow[] = [];
  const payouts = new Map<string, PayoutAccountRow>();
  const calls: string[] = [];
  // Rows are answered as copies, as the database would.
  const copy = (row: IdentityRow | undefined) => (row ? { ...row } : null);
  const repo: IdentityRepository = {
    async identityOf(_db, userId) {
      return copy(identities.find((r) => r.userId === userId));
    },
    async insertIdentity(_db, row) {
      calls.push('insertIdentity');
      if (identities.some((r) => r.userId === row.userId)) return 'user';
      if (identities.some((r) => r.numberHash === row.numberHash)) return 'number';
      identities.push({ status: 'verified', revokedAt: null, revokedReason: null, ...row } as IdentityRow);
      return 'ok';
    },
    async reverifyIdentity(_db, row) {
      calls.push('reverifyIdentity');
      const mine = identities.find((r) => r.userId === row.userId && r.status === 'revoked');
      if (!mine) return 'user';
      if (identities.some((r) => r !== mine && r.numberHash === row.numberHash)) return 'number';
      const { id: _id, createdAt: _c, ...set } = row;
      Object.assign(mine, set, { status: 'verified', revokedAt: null, revokedReason: null });
      return 'ok';
    },
    async identityById(_db, id) {
      return copy(identities.find((r) => r.id === id));
    },
    async revokeIdentity(_db, id, set) {
      const row = identities.find((r) => r.id === id && r.status === 'verified');
      if (!row) return null;
      Object.assign(row, {
        status: 'revoked',
        revokedAt: set.at,
        revokedReason: set.reason,
        numberHash: `revoked:${id}`,
      });
      return copy(row);
    },
    async payoutAccountOf(_db, userId) {
      return payouts.get(userId) ?? null;
    },
    async upsertPayoutAccount(_db, row) {
      calls.push('upsertPayoutAccount');
      const out = { ...row } as PayoutAccountRow;
      payouts.set(row.userId, out);
      return out;
    },
  };
  return { repo, identities, payouts, calls };
}

const SMS_CODE = '246810';
const actor = (userId: string): Actor => ({ userId, sessionId: `s_${userId}`, roles: ['user'] });
const op: Operator = { userId: 'u_op', sessionId: 's_op', roles: ['user', 'admin'], requestId: 'r1' };
const hkid = (idNumber: string, name = '陳大文'): VerifyIdentityBody => ({ name, idType: 'hkid', idNumber });
/** The payout account the tests save, as the body names it and as the answers repeat it. */
const FPS = { method: 'fps', accountName: 'CHAN TAI MAN' } as const;
const fps = (accountNo: string, code = SMS_CODE): PaymentUpdateBody => ({ ...FPS, accountNo, code });
/** The message of the first issue, or 'ok' when the body passes (what the route's 400 would carry). */
const verdict = (body: unknown) => {
  const r = VerifyIdentityBodySchema.safeParse(body);
  return r.success ? 'ok' : r.error.issues[0]!.message;
};

describe('identity service (fakes)', () => {
  let fake: ReturnType<typeof fakeRepository>;
  let db: ReturnType<typeof fakeDb>;
  let clock: ManualClock;
  let logged: unknown[][];
  let audits: { db: unknown; entry: Record<string, unknown> }[];
  let smsChecks: { userId: string; purpose: string; code: string }[];
  let vault: ReturnType<typeof createVault>;
  let service: ReturnType<typeof createIdentityService>;

  const verify = (userId: string, body: VerifyIdentityBody) =>
    service.verify(actor(userId), VerifyIdentityBodySchema.parse(body));
  const updatePayout = (userId: string, body: PaymentUpdateBody) =>
    service.updatePayoutAccount(actor(userId), PaymentUpdateBodySchema.parse(body));
  const refusal = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    return { code: (err as AppError).code, msg: (err as AppError).message };
  };

  beforeEach(() => {
    fake = fakeRepository();
    db = fakeDb();
    clock = new ManualClock();
    const log = memoryLog();
    logged = [];
    log.info = ((...args: unknown[]) => logged.push(args)) as typeof log.info;
    audits = [];
    smsChecks = [];
    vault = createVault(createKeys(testSecret()));
    service = createIdentityService(
      { db, clock, log, vault },
      {
        notifications: recordingNotifier().notifier,
        auth: {
          async verifyOwnSmsCode(a, purpose, code) {
            smsChecks.push({ userId: a.userId, purpose, code });
            if (code !== SMS_CODE) throw invalid('驗證碼不正確或已過期');
          },
        },
        audit: {
          async record(tx, _operator, entry) {
            audits.push({ db: tx, entry: entry as unknown as Record<string, unknown> });
          },
        },
      },
      fake.repo,
    );
  });

  describe('the document rules (the body schema the route parses with)', () => {
    it('accepts HKID and PRC IDs with the right check character, passports by shape, and normalises', () => {
      expect(verdict(hkid('A123456(3)'))).toBe('ok');
      expect(verdict(hkid('AB 987654 (3)'))).toBe('ok');
      expect(verdict(hkid('Z683365(A)'))).toBe('ok');
      expect(verdict({ name: '王小明', idType: 'prc_id', idNumber: '11010519491231002X' })).toBe('ok');
      expect(verdict({ name: 'Chan Tai Man', idType: 'passport', idNumber: 'E12345678' })).toBe('ok');
      expect(VerifyIdentityBodySchema.parse(hkid(' a123456(3) ')).idNumber).toBe('A1234563');
    });

    it('refuses wrong check characters, bad shapes, names and types with zh-HK messages', () => {
      expect(verdict(hkid('A123456(4)'))).toBe(ID_NUMBER_MESSAGES.hkid);
      expect(ID_NUMBER_MESSAGES.hkid).toContain('核對數字');
      expect(verdict(hkid('Z683365(0)'))).toBe(ID_NUMBER_MESSAGES.hkid);
      expect(verdict(hkid('A12345(3)'))).toBe(ID_NUMBER_MESSAGES.hkid);
      expect(verdict({ name: '王小明', idType: 'prc_id', idNumber: '110105194912310021' })).toBe(
        ID_NUMBER_MESSAGES.prc_id,
      );
      // The right check character cannot save a date that does not exist.
      expect(verdict({ name: '王小明', idType: 'prc_id', idNumber: '110105194902300012' })).toBe(
        ID_NUMBER_MESSAGES.prc_id,
      );
      expect(verdict({ name: '陳大文', idType: 'passport', idNumber: 'ABCDEFG' })).toBe(ID_NUMBER_MESSAGES.passport);
      expect(verdict(hkid('A123456(3)', '陳'))).toBe('姓名需為 2 至 50 個字');
      expect(verdict(hkid('A123456(3)', '陳大文1'))).toBe('姓名只可包含文字、空格、間隔號或連字號');
      expect(verdict({ name: '陳大文', idType: 'ssn', idNumber: '123' })).toBe(
        '證件類型只可為香港身份證、中國居民身份證或護照',
      );
    });
  });

  describe('verify', () => {
    it('answers the masked record only, and keeps name and number sealed with a keyed hash', async () => {
      const answer = await verify('u1', hkid('A123456(3)'));
      expect(answer).toEqual({
        idType: 'hkid',
        nameMasked: '陳*文',
        idNumberMasked: 'A12****(3)',
        status: 'verified',
        verifiedAt: clock.now().toISOString(),
      });
      expect(JSON.stringify(answer)).not.toMatch(/陳大文|A1234563|A123456/);
      const row = fake.identities[0]!;
      expect(row.nameCipher).not.toContain('陳大文');
      expect(row.numberCipher).not.toContain('A123456');
      expect(vault.open(row.keyId, row.nameCipher)).toBe('陳大文');
      expect(vault.open(row.keyId, row.numberCipher)).toBe('A1234563');
      expect(row.numberHash).toBe(vault.hash('hkid:A1234563'));
      expect(row.numberHash).not.toBe(createHash('sha256').update('hkid:A1234563').digest('hex'));
      expect(row.numberHash).not.toBe(createVault(createKeys(testSecret())).hash('hkid:A1234563'));
      // The log line names the masked number and never the name or the whole number.
      expect(JSON.stringify(logged)).toContain('A12****(3)');
      expect(JSON.stringify(logged)).not.toMatch(/陳大文|A1234563/);
      expect(await service.info(actor('u1'))).toEqual(answer);
    });

    it('masks PRC IDs and passports too', async () => {
      expect(
        (await verify('u1', { name: '王小明', idType: 'prc_id', idNumber: '11010519491231002X' })).idNumberMasked,
      ).toBe('110***********002X');
      expect((await verify('u2', { name: 'Chan', idType: 'passport', idNumber: 'E12345678' })).idNumberMasked).toBe(
        'E1*****78',
      );
    });

    it('starts by refusing an account that is already verified, before anything is written', async () => {
      await verify('u1', hkid('A123456(3)'));
      fake.calls.length = 0;
      expect(await refusal(verify('u1', { name: '陳大文', idType: 'passport', idNumber: 'E12345678' }))).toEqual({
        code: 409,
        msg: '你已完成實名認證，如需更改請聯絡客服',
      });
      expect(fake.calls).toEqual([]);
      expect(fake.identities).toHaveLength(1);
    });

    it('refuses a document another account verified, whatever way it is written', async () => {
      await verify('u1', hkid('A123456(3)'));
      expect(await refusal(verify('u2', hkid('a1234563', '李小明')))).toEqual({
        code: 409,
        msg: '此證件已用於另一個帳戶的實名認證',
      });
      expect(await service.info(actor('u2'))).toBeNull();
      expect(await service.isVerified(db, 'u2')).toBe(false);
      // Another document is fine for the second account.
      expect((await verify('u2', hkid('AB987654(3)', '李小明'))).status).toBe('verified');
    });

    it('maps a clash on the user to the once-per-account message', async () => {
      fake.repo.insertIdentity = async () => 'user';
      expect(await refusal(verify('u1', hkid('A123456(3)')))).toEqual({
        code: 409,
        msg: '你已完成實名認證，如需更改請聯絡客服',
      });
    });
  });

  describe('revoke and verify again', () => {
    it('revokes in one transaction with an audit record of masked values only', async () => {
      await verify('u1', hkid('A123456(3)'));
      const id = fake.identities[0]!.id;
      const row = await service.revoke(op, { id, reason: '證件相片不清晰' });
      expect(row).toMatchObject({ status: 'revoked', revokedReason: '證件相片不清晰', revokedAt: clock.now() });
      expect(db.transactions).toBe(1);
      expect(audits).toHaveLength(1);
      expect(audits[0]!.db).toEqual({ fake: 'tx' });
      expect(audits[0]!.entry).toMatchObject({
        action: 'identity.revoke',
        targetType: 'identity',
        targetId: id,
        before: { userId: 'u1', numberMasked: 'A12****(3)', nameMasked: '陳*文', status: 'verified' },
        after: { status: 'revoked', revokedReason: '證件相片不清晰' },
      });
      expect(JSON.stringify(audits)).not.toMatch(/陳大文|A1234563|Cipher|numberHash/);
      expect(await service.isVerified(db, 'u1')).toBe(false);
      expect((await service.info(actor('u1')))?.status).toBe('revoked');
    });

    it('refuses an unknown record and a second revocation', async () => {
      expect(await refusal(service.revoke(op, { id: 'idn_none', reason: 'x' }))).toEqual({
        code: 404,
        msg: '找不到此實名認證記錄',
      });
      await verify('u1', hkid('A123456(3)'));
      const id = fake.identities[0]!.id;
      await service.revoke(op, { id, reason: '證件相片不清晰' });
      expect(await refusal(service.revoke(op, { id, reason: 'again' }))).toEqual({
        code: 409,
        msg: '此實名認證已被撤銷',
      });
      expect(audits).toHaveLength(1);
    });

    it('lets a revoked account verify again in place, and the document go to its real owner', async () => {
      await verify('u1', hkid('A123456(3)'));
      await service.revoke(op, { id: fake.identities[0]!.id, reason: '借用他人證件' });
      expect((await verify('u2', hkid('A123456(3)', '李小明'))).status).toBe('verified');
      fake.calls.length = 0;
      expect(await refusal(verify('u1', hkid('A123456(3)')))).toEqual({
        code: 409,
        msg: '此證件已用於另一個帳戶的實名認證',
      });
      expect(fake.calls).toEqual(['reverifyIdentity']);
      clock.advance(60_000);
      const again = await verify('u1', { name: '陳大文', idType: 'passport', idNumber: 'E12345678' });
      expect(again).toMatchObject({ idType: 'passport', status: 'verified', verifiedAt: clock.now().toISOString() });
      expect(fake.identities.filter((r) => r.userId === 'u1')).toHaveLength(1);
      expect(await service.isVerified(db, 'u1')).toBe(true);
    });
  });

  describe('payout account', () => {
    it('starts with the SMS re-check of the own phone, and stores nothing when it fails', async () => {
      expect(await refusal(updatePayout('u1', fps('1234567', '000000')))).toEqual({
        code: 400,
        msg: '驗證碼不正確或已過期',
      });
      expect(smsChecks).toEqual([{ userId: 'u1', purpose: 'payment', code: '000000' }]);
      expect(fake.calls).toEqual([]);
      expect(await service.payoutAccount(db, 'u1')).toBeNull();
    });

    it('stores the number sealed and answers its owner masked', async () => {
      const answer = await updatePayout('u1', fps('1234567'));
      expect(answer).toEqual({ ...FPS, accountNoMasked: '***4567', updatedAt: clock.now().toISOString() });
      expect(JSON.stringify(answer)).not.toContain('1234567');
      expect(JSON.stringify(logged)).not.toContain('1234567');
      const row = fake.payouts.get('u1')!;
      expect(row.keyId).toBe('payout-v1');
      expect(row.accountNoCipher).not.toContain('1234567');
      expect(await service.payoutAccount(db, 'u1')).toEqual(answer);
      // A new account replaces the old one.
      const bank = await updatePayout('u1', { ...fps('004-123-456789'), method: 'bank' });
      expect(bank).toMatchObject({ method: 'bank', accountNoMasked: '********6789' });
      expect(vault.open(fake.payouts.get('u1')!.keyId, fake.payouts.get('u1')!.accountNoCipher)).toBe('004123456789');
    });

    it('refuses an account number of the wrong shape for its method with a zh-HK message', () => {
      const r = PaymentUpdateBodySchema.safeParse(fps('x'));
      expect(r.success ? 'ok' : r.error.issues[0]!.message).toBe('轉數快帳戶請填寫 FPS 識別碼、手機號碼或電郵地址');
    });

    it('copies the sealed number into a snapshot, which only the operator reveal opens', async () => {
      await updatePayout('u1', fps('1234567'));
      const snapshot = (await service.payoutSnapshot(db, 'u1'))!;
      expect(snapshot).toEqual({
        ...FPS,
        accountNoCipher: fake.payouts.get('u1')!.accountNoCipher,
        keyId: 'payout-v1',
        accountNoMasked: '***4567',
      });
      expect(JSON.stringify(snapshot)).not.toContain('1234567');
      expect(service.revealAccountNo(snapshot)).toBe('1234567');
      expect(await service.payoutSnapshot(db, 'u2')).toBeNull();
    });
  });
});
