import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, lockFile, lockHolder } from '../db/data-dir-lock';
import { freePort } from '../testing/free-port';
import { serverEnv, startServerProcesses, stopServerProcesses } from '../testing/server-process';
import { TEST_DATABASE_URL } from '../testing/test-db';

const exec = promisify(execFile);
const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );

// The embedded database's own lock: the same processes on the same PGlite folders whatever TEST_DATABASE_URL says, so
// the gate's PostgreSQL run leaves it to the PGlite run.
if (TEST_DATABASE_URL)
  console.log('skipped: the embedded database lock is PGlite only (run without TEST_DATABASE_URL)');
describe.skipIf(TEST_DATABASE_URL)('the embedded database lock', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'trove-lock-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses while a live process holds it, takes over a stale lock of a dead PID, and releases its own', async () => {
    const dataDir = path.join(dir, 'unit');
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      acquireDataDirLock(dataDir, 'server')();
      writeFileSync(lockFile(dataDir), JSON.stringify({ pid: other.pid, role: 'server', startedAt: '' }));
      expect(lockHolder(dataDir)).toMatchObject({ pid: other.pid, role: 'server' });
      expect(() => acquireDataDirLock(dataDir, 'codes')).toThrow(DataDirLockedError);
    } finally {
      other.kill();
      await exited(other);
    }
    // Its process is gone: the lock is stale.
    expect(lockHolder(dataDir)).toBeNull();
    const release = acquireDataDirLock(dataDir, 'codes');
    expect(existsSync(lockFile(dataDir))).toBe(true);
    release();
    expect(existsSync(lockFile(dataDir))).toBe(false);
  });

  it('`npm run codes` refuses while a server holds DATA_DIR, and works on the same data once it stops', async () => {
    const dataDir = path.join(dir, 'server');
    // A free port, not a fixed one: the gate runs this file on PGlite and on PostgreSQL at the same time.
    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      NODE_ENV: 'test',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dir, 'no-web'),
      DATABASE_URL: undefined,
      APP_SECRET: undefined,
    };
    // Answering /healthz means it has opened and migrated the database and holds the lock.
    const server = (await startServerProcesses([env]))[0]!;
    const cliEnv = serverEnv(env);
    try {
      expect(lockHolder(dataDir)).toMatchObject({ pid: server.child.pid, role: 'server' });

      const refused = await exec(
        process.execPath,
        ['--import', 'tsx', path.resolve('src/server/cli/codes.ts'), 'list'],
        { env: cliEnv, cwd: process.cwd() },
      ).then(
        () => null,
        (e: { code: number; stderr: string }) => e,
      );
      expect(refused).not.toBeNull();
      expect(refused!.code).toBe(1);
      expect(refused!.stderr).toContain(`伺服器（PID ${server.child.pid}）正在使用`);
      expect(refused!.stderr).toContain('請改用後台');
      // The server was not disturbed.
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    } finally {
      await stopServerProcesses([server]);
    }
    // Stopped cleanly: the lock is gone and the database opens and answers.
    expect(existsSync(lockFile(dataDir))).toBe(false);
    const res = await exec(process.execPath, ['--import', 'tsx', path.resolve('src/server/cli/codes.ts'), 'list'], {
      env: cliEnv,
      cwd: process.cwd(),
    });
    expect(res.stdout).toContain('尚未建立任何批次');
    expect(existsSync(lockFile(dataDir))).toBe(false);
  }, 540_000);
});
