import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExchangeCode } from '../../shared/exchange-code';
import { ManualClock } from '../adapters/clock';
import { createHmac, hkdfSync } from 'node:crypto';
import { createKeys } from '../adapters/keys';
import { testConfig } from '../testing/test-app';
import type { Database } from '../db/client';
import { cardInfos, exchangeCodes, themes } from '../db/schema';
import { openTestDatabase, TEST_DATABASE_URL } from '../testing/test-db';
import { runCodesCli, type CliContext } from './codes';

describe('codes CLI', () => {
  let database: Database;
  let dir: string;
  const out: string[] = [];
  const err: string[] = [];
  let ctx: CliContext;
  const run = async (...argv: string[]) => {
    out.length = 0;
    err.length = 0;
    return runCodesCli(argv, ctx);
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    dir = mkdtempSync(path.join(tmpdir(), 'trove-codes-'));
    const config = testConfig({ PUBLIC_URL: 'https://trove.example' });
    ctx = {
      config,
      db: database.db,
      clock: new ManualClock(),
      keys: createKeys(config.APP_SECRET),
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      cwd: dir,
    };
    await database.db.insert(themes).values({ id: 'thm_1', name: '星空, 第一彈', cover: '/c.svg' });
    await database.db.insert(cardInfos).values([
      { id: 'ci_1', themeId: 'thm_1', name: '流星', image: '/1.svg', rarity: 'SR', editionSize: 100 },
      { id: 'ci_b', themeId: 'thm_1', name: 'B 卡', image: '/b.svg', rarity: 'UR', editionSize: 10, isBCard: true },
    ]);
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates a batch into a CSV with valid clear codes, storing only their keyed hashes', async () => {
    expect(await run('create', '--card-info', 'ci_1', '--count', '25', '--out', 'batch.csv', '--note', '展會')).toBe(0);
    expect(out.join('\n')).toContain('25 個「流星」兌換碼');
    const file = path.join(dir, 'batch.csv');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('code,batch_id,target,url');
    expect(lines).toHaveLength(26);
    const codes = lines.slice(1).map((l) => l.split(',')[0]!);
    expect(new Set(codes).size).toBe(25);
    for (const code of codes) expect(checkExchangeCode(code).ok).toBe(true);
    const canonical = checkExchangeCode(codes[0]!);
    expect(lines[1]).toContain(
      `https://trove.example/my/card?code=${encodeURIComponent(canonical.ok ? canonical.code : '')}`,
    );
    const stored = await database.db.select().from(exchangeCodes).where(eq(exchangeCodes.cardInfoId, 'ci_1'));
    expect(stored).toHaveLength(25);
    const hashes = new Set(stored.map((s) => s.codeHash));
    // Keyed by the exchange-code key derived from APP_SECRET (HKDF-SHA-256), not by the secret itself.
    const key = Buffer.from(
      hkdfSync('sha256', ctx.config.APP_SECRET!, 'trove-app-secret', 'trove/exchange-code/v1', 32),
    );
    for (const code of codes) {
      const c = checkExchangeCode(code);
      expect(
        hashes.has(
          createHmac('sha256', key)
            .update(c.ok ? c.code : '')
            .digest('hex'),
        ),
      ).toBe(true);
    }
    expect(JSON.stringify(stored)).not.toContain(codes[0]!.replace(/-/g, ''));
  });

  it('creates theme batches, quoting names with commas, and refuses to overwrite a file', async () => {
    expect(await run('create', '--theme', 'thm_1', '--count', '3', '--out', 'theme.csv')).toBe(0);
    expect(readFileSync(path.join(dir, 'theme.csv'), 'utf8').split('\n')[1]).toContain('"星空, 第一彈"');
    expect(await run('create', '--theme', 'thm_1', '--count', '3', '--out', 'theme.csv')).toBe(1);
    expect(err.join('')).toContain('檔案已存在');
  });

  it('refuses bad input with a clear message and writes no file', async () => {
    expect(await run('create', '--card-info', 'ci_nope', '--count', '3', '--out', 'nope.csv')).toBe(1);
    expect(err.join('')).toContain('找不到此卡牌');
    expect(() => statSync(path.join(dir, 'nope.csv'))).toThrow();
    expect(await run('create', '--card-info', 'ci_b', '--count', '3', '--out', 'b.csv')).toBe(1);
    expect(err.join('')).toContain('B 卡');
    expect(await run('create', '--card-info', 'ci_1', '--count', '0', '--out', 'zero.csv')).toBe(1);
    expect(await run('create', '--card-info', 'ci_1')).toBe(2);
    expect(await run('create', '--card-info', 'ci_1', '--theme', 'thm_1', '--count', '1')).toBe(2);
    expect(await run('frobnicate')).toBe(2);
    expect(err.join('')).toContain('用法');
  });

  it('lists batches with their counts and voids one', async () => {
    expect(await run('list')).toBe(0);
    const rows = out.slice(1);
    expect(rows).toHaveLength(2);
    const cardBatch = rows.find((r) => r.includes('ci_1'))!;
    const batchId = cardBatch.split('\t')[0]!;
    expect(cardBatch.split('\t').slice(1, 7)).toEqual(['有效', '卡牌 ci_1（流星）', '25', '25', '0', '0']);

    expect(await run('void', batchId)).toBe(0);
    expect(out[0]).toContain('25 個未使用的兌換碼已失效');
    const statuses = await database.db
      .select({ status: exchangeCodes.status })
      .from(exchangeCodes)
      .where(eq(exchangeCodes.batchId, batchId));
    expect(statuses.every((s) => s.status === 'voided')).toBe(true);
    await run('list');
    expect(
      out
        .find((r) => r.startsWith(batchId))!
        .split('\t')
        .slice(1, 7),
    ).toEqual(['已作廢', '卡牌 ci_1（流星）', '25', '0', '0', '25']);

    expect(await run('void', batchId)).toBe(1);
    expect(err[0]).toBe('此批次已作廢');
    expect(await run('void', 'cbt_nope')).toBe(1);
    expect(err[0]).toBe('找不到此批次');
  });

  // A process on an embedded database of its own, whatever TEST_DATABASE_URL says: the PGlite run covers it.
  it.skipIf(TEST_DATABASE_URL)(
    'runs as `npm run codes` against the database under DATA_DIR',
    async () => {
      const dataDir = path.join(dir, 'data');
      const exec = promisify(execFile);
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false', NODE_ENV: 'test' };
      delete (env as Record<string, string | undefined>).DATABASE_URL;
      const res = await exec(process.execPath, ['--import', 'tsx', path.resolve('src/server/cli/codes.ts'), 'list'], {
        env,
        cwd: process.cwd(),
      });
      expect(res.stdout).toContain('尚未建立任何批次');
      // A new process migrating a fresh embedded database: 10 s alone, past 60 s beside the gate's other parts.
    },
    720_000,
  );
});
