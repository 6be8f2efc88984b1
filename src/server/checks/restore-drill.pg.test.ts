import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { newId } from '../adapters/ids';
import { runBackupCli } from '../cli/backup';
import { openDatabase } from '../db/client';
import { createTestApp, type TestApp } from '../testing/test-app';
import { onTestServer, openTestDatabase, TEST_DATABASE_URL, testDatabaseUrl } from '../testing/test-db';
import { makeTrades, operatorView, tableDigests, viewRows } from './restore-drill-kit';

const missingTools = ['pg_dump', 'pg_restore'].filter((tool) => spawnSync(tool, ['--version']).error);
const skip = !TEST_DATABASE_URL || missingTools.length > 0;
if (!TEST_DATABASE_URL) console.log('skipped: the restore drill needs PostgreSQL (set TEST_DATABASE_URL)');
else if (missingTools.length > 0)
  console.log(`skipped: the restore drill needs ${missingTools.join(' and ')} on PATH (the PostgreSQL client tools)`);

/**
 * The restore drill (issue 45): a database with trades in it is backed up by `npm run db:backup`'s code while its app
 * runs, restored by `npm run db:restore`'s into a fresh database, and the app started on the restored one reads the
 * same books, holdings and open listings; every table holds the same rows.
 */
describe.skipIf(skip)('restore drill on PostgreSQL', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'trove-drill-'));
  const made: string[] = [];
  afterAll(async () => {
    for (const name of made) await onTestServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  });

  const cli = async (command: 'backup' | 'restore', argv: string[], url: string) => {
    const out: string[] = [];
    const err: string[] = [];
    const start = performance.now();
    const code = await runBackupCli(command, argv, {
      config: { DATABASE_URL: url, DATA_DIR: path.join(dir, 'unused') },
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      cwd: dir,
      now: () => new Date(),
    });
    return { code, out, err, seconds: ((performance.now() - start) / 1000).toFixed(1) };
  };
  const freshDatabase = async () => {
    const name = newId('trove_drill').toLowerCase();
    await onTestServer(`CREATE DATABASE ${name}`);
    made.push(name);
    return testDatabaseUrl(name);
  };

  it('backs up a database with trades, restores it into a fresh one, and the server there reads the same', async () => {
    const original = await openTestDatabase({ postgres: true });
    const t = await createTestApp({ database: original, env: { RATE_LIMIT_PER_MINUTE: '100000000' } });
    let restored: TestApp | undefined;
    try {
      const { operator } = await makeTrades(t, { demo: true });
      const before = await operatorView(t, operator.token);
      expect(before.exceptions).toEqual([]);
      expect(before.trialBalance.total).toBe(0);
      expect(before.listings.length).toBeGreaterThan(2);
      const digests = await tableDigests(t.db);

      // Backed up while the app is still connected: pg_dump reads one consistent snapshot.
      const file = path.join(dir, 'drill.dump');
      const backup = await cli('backup', [file], original.url!);
      expect(backup).toMatchObject({ code: 0, err: [] });
      expect(backup.out[0]).toContain('主版本相同');

      // A pg_dump older than the server is refused before it runs, saying both versions.
      const old = path.join(dir, 'old-bin');
      mkdirSync(old);
      writeFileSync(path.join(old, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n', { mode: 0o755 });
      const tooOld = await cli('backup', ['old.dump', '--pg-bin', old], original.url!);
      expect(tooOld.code).toBe(1);
      expect(tooOld.err.join('\n')).toMatch(/pg_dump 9 比伺服器（PostgreSQL \d+\.\d+）舊/);

      // Never over a database that has tables, nor replacing one still in use.
      const refused = await cli('restore', [file], original.url!);
      expect(refused.code).toBe(1);
      expect(refused.err.join('\n')).toContain('不會覆蓋');
      const inUse = await cli('restore', [file, '--replace'], original.url!);
      expect(inUse.err.join('\n')).toContain('其他連線');

      const url = await freshDatabase();
      const restore = await cli('restore', [file], url);
      expect(restore).toMatchObject({ code: 0, err: [] });
      // --replace over the restored database (nobody connected) gives the same rows again.
      const again = await cli('restore', [file, '--replace'], url);
      expect(again).toMatchObject({ code: 0, err: [] });

      const database = await openDatabase({ url, poolSize: 4 });
      expect(await tableDigests(database.db)).toEqual(digests);
      // The same APP_SECRET as the original (it is not in the dump): the operator's session still signs in.
      restored = await createTestApp({ database, env: { APP_SECRET: t.config.APP_SECRET! } });
      expect(await operatorView(restored, operator.token)).toEqual(before);

      const rows = Object.values(digests).reduce((n, d) => n + d.rows, 0);
      const size = await t.db.execute(sql`select pg_database_size(current_database()) as bytes`);
      const mb = (bytes: number) => (bytes / 1e6).toFixed(2);
      console.log(
        `restore drill: ${rows} rows in ${Object.keys(digests).length} tables identical; the operator's view equal ` +
          `(${viewRows(before)} rows: ${before.users.length} users, ${before.listings.length} open listings); ` +
          `database ${mb(Number((size as unknown as { rows: { bytes: string }[] }).rows[0]!.bytes))} MB, ` +
          `dump ${mb(statSync(file).size)} MB; backup ${backup.seconds} s, restore ${restore.seconds} s`,
      );
    } finally {
      await restored?.close();
      await t.close();
    }
  }, 600_000);
});
