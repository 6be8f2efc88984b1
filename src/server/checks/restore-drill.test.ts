import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { runBackupCli } from '../cli/backup';
import { majorOf, toolConnection } from '../cli/backup/postgres';
import { openDatabase } from '../db/client';
import { lockFile } from '../db/data-dir-lock';
import { appSecretFile, readOrCreateAppSecret } from '../startup';
import { createTestApp } from '../testing/test-app';
import { TEMPLATE_ENV, TEST_DATABASE_URL } from '../testing/test-db';
import { makeTrades, operatorView, tableDigests } from './restore-drill-kit';

it('hands the PostgreSQL tools the password by PGPASSWORD, and reads their major version', () => {
  expect(toolConnection('postgres://trove:p%40ss@db.example:5433/trove?sslmode=require')).toEqual({
    dbname: 'postgres://trove@db.example:5433/trove?sslmode=require',
    env: { PGPASSWORD: 'p@ss' },
  });
  expect(toolConnection('postgres://postgres@127.0.0.1/x').env).toEqual({});
  expect(majorOf('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)\n')).toBe(15);
  expect(majorOf('pg_restore (PostgreSQL) 17.2')).toBe(17);
});

// The embedded database's folder: the same whatever TEST_DATABASE_URL says, so the gate's PostgreSQL run leaves it
// to the PGlite run.
if (TEST_DATABASE_URL)
  console.log('skipped: the embedded database backup is PGlite only (run without TEST_DATABASE_URL)');
describe.skipIf(TEST_DATABASE_URL)('backup and restore of the embedded database (DATA_DIR)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'trove-backup-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cli = async (command: 'backup' | 'restore', argv: string[], dataDir: string) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runBackupCli(command, argv, {
      config: { DATABASE_URL: undefined, DATA_DIR: dataDir },
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      cwd: dir,
      now: () => new Date('2026-12-08T00:00:00Z'),
    });
    return { code, out, err: err.join('\n') };
  };
  /** The app on the database in `dataDir`, with the secret kept there, as `npm start` opens it. */
  const appOn = async (dataDir: string) =>
    createTestApp({
      database: await openDatabase({ dataDir }),
      env: { APP_SECRET: readOrCreateAppSecret(dataDir), DATA_DIR: dataDir },
    });

  it('copies a folder with trades only while nobody holds it, restores it only into an empty one, and it opens the same', async () => {
    const dataDir = path.join(dir, 'data');
    // Started from the test run's migrated database (migrating a folder from scratch took 30 s here).
    mkdirSync(dataDir);
    const template = new PGlite(path.join(dataDir, 'pglite'), {
      loadDataDir: new Blob([readFileSync(process.env[TEMPLATE_ENV.pglite]!)]),
    });
    await template.close();
    const t = await appOn(dataDir);
    let before;
    let digests;
    let operator;
    try {
      operator = (await makeTrades(t, { demo: false })).operator;
      before = await operatorView(t, operator.token);
      expect(before.exceptions).toEqual([]);
      expect(before.listings.length).toBe(2);
      digests = await tableDigests(t.db);
    } finally {
      await t.close();
    }

    // A live process holding the folder (as a running server does) is refused, by name.
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(lockFile(dataDir), JSON.stringify({ pid: holder.pid, role: 'server', startedAt: '' }));
      const held = await cli('backup', ['held.tar.gz'], dataDir);
      expect(held.code).toBe(1);
      expect(held.err).toContain(`伺服器（PID ${holder.pid}）正在使用`);
      expect(existsSync(path.join(dir, 'held.tar.gz'))).toBe(false);
    } finally {
      holder.kill();
      rmSync(lockFile(dataDir));
    }

    expect(await cli('backup', ['data.tar.gz'], dataDir)).toMatchObject({ code: 0, err: '' });
    expect((await cli('backup', ['data.tar.gz'], dataDir)).err).toContain('已存在');
    expect(existsSync(lockFile(dataDir))).toBe(false);

    const refused = await cli('restore', ['data.tar.gz'], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('不會覆蓋');

    const copy = path.join(dir, 'restored');
    const restored = await cli('restore', ['data.tar.gz'], copy);
    expect(restored).toMatchObject({ code: 0, err: '' });
    expect(restored.out.join('\n')).toContain('已開啟還原的資料庫');
    expect(readFileSync(appSecretFile(copy), 'utf8')).toBe(readFileSync(appSecretFile(dataDir), 'utf8'));

    // --replace moves what the folder held aside, never deleting it.
    expect((await cli('restore', ['data.tar.gz', '--replace'], dataDir)).code).toBe(0);
    expect(readdirSync(dir)).toContain('data.before-restore-2026-12-08T00-00-00-000Z');

    const again = await appOn(copy);
    try {
      expect(await tableDigests(again.db)).toEqual(digests);
      expect(await operatorView(again, operator.token)).toEqual(before);
    } finally {
      await again.close();
    }
  }, 300_000);
});
