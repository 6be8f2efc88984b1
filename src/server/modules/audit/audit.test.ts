import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../adapters/clock';
import { newId } from '../../adapters/ids';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { openTestDatabase } from '../../testing/test-db';
import type { Operator } from '../auth/auth.service';
import { REDACTED, redactForAudit } from './audit-redact';
import { createAuditService } from './audit.service';

describe('audit redaction', () => {
  it('hides codes, tokens, ciphers and full numbers at any depth, keeps masked forms and plain fields', () => {
    const out = redactForAudit({
      name: '星光卡冊',
      code: 'ABCD-EFGH-JKLM-NPQR',
      codes: ['A', 'B'],
      nested: {
        tokenHash: 'x',
        accountNo: '12345678',
        accountNoMasked: '****5678',
        idNumber: 'A1234563',
        numberCipher: 'v1:…',
      },
      list: [{ csvCipher: 'c', count: 3 }],
      at: new Date('2026-11-22T00:00:00Z'),
      empty: null,
    });
    expect(out).toEqual({
      name: '星光卡冊',
      code: REDACTED,
      codes: REDACTED,
      nested: {
        tokenHash: REDACTED,
        accountNo: REDACTED,
        accountNoMasked: '****5678',
        idNumber: REDACTED,
        numberCipher: REDACTED,
      },
      list: [{ csvCipher: REDACTED, count: 3 }],
      at: '2026-11-22T00:00:00.000Z',
      empty: null,
    });
  });
});

describe('audit log', () => {
  let database: Database;
  const clock = new ManualClock();
  let operator: Operator;

  beforeAll(async () => {
    database = await openTestDatabase();
    const id = newId('usr');
    await database.db.insert(users).values({ id, phone: '+85251234567', nickname: '營運員', roles: ['user', 'admin'] });
    operator = { userId: id, sessionId: 'ses_1', roles: ['user', 'admin'], requestId: 'req_TEST1' };
  });
  afterAll(() => database.close());

  it('records inside the caller’s transaction: a rolled-back change leaves no record', async () => {
    const audit = createAuditService({ db: database.db, clock });
    await expect(
      database.db.transaction(async (tx) => {
        await audit.record(tx, operator, {
          action: 'theme.create',
          targetType: 'theme',
          targetId: 'thm_rolled_back',
          after: { name: 'x' },
        });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await database.db.transaction((tx) =>
      audit.record(tx, operator, {
        action: 'theme.update',
        targetType: 'theme',
        targetId: 'thm_1',
        before: { name: '舊' },
        after: { name: '新', token: 't' },
      }),
    );
    const { rows, total } = await audit.search(operator, { targetId: 'thm_1' }, { page: 1, pageSize: 20 });
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({
      action: 'theme.update',
      requestId: 'req_TEST1',
      before: { name: '舊' },
      after: { name: '新', token: REDACTED },
      actor: { id: operator.userId, nickname: '營運員' },
    });
    expect((await audit.search(operator, { targetId: 'thm_rolled_back' }, { page: 1, pageSize: 20 })).total).toBe(0);
    expect((await audit.search(operator, { q: 'req_TEST1' }, { page: 1, pageSize: 20 })).total).toBe(1);
    expect((await audit.search(operator, { q: 'update' }, { page: 1, pageSize: 20 })).total).toBe(1);
  });

  it('is append-only: the database refuses to change or remove a record', async () => {
    await expect(database.db.execute(sql`UPDATE audit_log SET action = 'x'`)).rejects.toThrow();
    await expect(database.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    const audit = createAuditService({ db: database.db, clock });
    expect((await audit.search(operator, {}, { page: 1, pageSize: 20 })).total).toBe(1);
  });
});
