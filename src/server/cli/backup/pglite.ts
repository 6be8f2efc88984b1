import { existsSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { acquireDataDirLock, DataDirLockedError } from '../../db/data-dir-lock';
import { AppError } from '../../errors';
import { lockedMessage } from '../../startup';
import { runTool, secondsSince, writeOnce, type BackupOutcome } from './files';

/**
 * The embedded database's backup and restore (decision 055): a gzipped tar of the whole DATA_DIR (the PGlite files,
 * the generated app-secret the vault and sessions are keyed by, local uploads), made and unpacked while this process
 * holds DATA_DIR's lock, so never while a server has the database open.
 */

/** The folder's own lock file is never backed up nor restored. */
const LOCK_NAME = 'db.lock';
const TAR_MISSING = '找不到 tar 指令：請安裝 tar（Linux、macOS 及 Windows 10 或以上均已內建）';

/** Takes DATA_DIR's lock as `backup`, or refuses with the holder's name (a running server, `npm run codes`). */
function holdDataDir(dir: string): () => void {
  try {
    return acquireDataDirLock(dir, 'backup');
  } catch (err) {
    if (err instanceof DataDirLockedError) throw new AppError('conflict', lockedMessage(dir, err.holder, 'backup'));
    throw err;
  }
}

/** A tar of DATA_DIR (without its lock) into `file`, never overwriting one. */
export async function backupDataDir(dataDir: string, file: string): Promise<BackupOutcome> {
  const dir = path.resolve(dataDir);
  if (!existsSync(path.join(dir, 'pglite')))
    throw new AppError('not_found', `${dir} 沒有內嵌資料庫（請確認 DATA_DIR；用 PostgreSQL 時請設定 DATABASE_URL）`);
  if (!path.relative(dir, path.resolve(file)).startsWith('..'))
    throw new AppError('invalid', `備份檔案不可放在 DATA_DIR（${dir}）之內`);
  const release = holdDataDir(dir);
  try {
    const start = performance.now();
    const bytes = await writeOnce(file, async (partial) => {
      await runTool('tar', ['-czf', partial, `--exclude=${LOCK_NAME}`, '-C', dir, '.'], { missing: TAR_MISSING });
    });
    return {
      file,
      bytes,
      seconds: secondsSince(start),
      notes: [`已備份 ${dir}（內嵌資料庫、app-secret 及本機上載的檔案）；備份期間沒有其他程序開啟它`],
    };
  } finally {
    release();
  }
}

/** The archive's members, refused unless it holds a PGlite database and only paths inside the folder. */
async function checkedMembers(file: string): Promise<string[]> {
  const members = (await runTool('tar', ['-tzf', file], { missing: TAR_MISSING })).split('\n').filter(Boolean);
  const unsafe = members.find((m) => path.isAbsolute(m) || m.split(/[\\/]/).includes('..'));
  if (unsafe) throw new AppError('invalid', `備份內有資料夾以外的路徑（${unsafe}），不會還原`);
  if (!members.some((m) => /^(\.\/)?pglite\/PG_VERSION$/.test(m)))
    throw new AppError('invalid', `${file} 不是 Trove 內嵌資料庫（DATA_DIR）的備份`);
  return members;
}

/** What the restored database holds, read by opening it (a folder PGlite cannot open fails the restore loudly). */
async function restoredFacts(dir: string): Promise<string> {
  const db = new PGlite(path.join(dir, 'pglite'));
  try {
    const count = async (q: string) => Number((await db.query<{ n: number }>(q)).rows[0]!.n);
    const users = await count('select count(*)::int as n from users');
    const cards = await count('select count(*)::int as n from cards');
    const listings = await count(`select count(*)::int as n from listings where status in ('active', 'reserved')`);
    const migrations = await count('select count(*)::int as n from drizzle.__drizzle_migrations');
    return `已開啟還原的資料庫：${users} 位用戶、${cards} 張卡牌、${listings} 個未完成掛單，已套用 ${migrations} 個遷移（伺服器啟動時會補上較新的遷移）`;
  } finally {
    await db.close();
  }
}

/**
 * Unpacks a backup into DATA_DIR. Refuses while another process holds it, and refuses a folder that is not empty
 * unless `replace`: then what it held is moved aside (never deleted) to `<DATA_DIR>.before-restore-<time>`.
 */
export async function restoreDataDir(
  dataDir: string,
  file: string,
  opts: { replace?: boolean; now: Date },
): Promise<BackupOutcome> {
  const dir = path.resolve(dataDir);
  const members = await checkedMembers(file);
  const release = holdDataDir(dir);
  try {
    const notes: string[] = [];
    const existing = readdirSync(dir).filter((name) => name !== LOCK_NAME);
    if (existing.length > 0) {
      const aside = `${dir}.before-restore-${opts.now.toISOString().replace(/[:.]/g, '-')}`;
      if (!opts.replace)
        throw new AppError(
          'conflict',
          `${dir} 不是空的（有 ${existing.length} 個項目），不會覆蓋。請還原到新的 DATA_DIR，或確定要取代時加上 --replace（原有內容會移到 ${path.basename(aside)}，不會刪除）`,
        );
      mkdirSync(aside);
      for (const name of existing) renameSync(path.join(dir, name), path.join(aside, name));
      notes.push(`原有內容已移到 ${aside}`);
    }
    const start = performance.now();
    await runTool('tar', ['-xzf', file, '-C', dir], { missing: TAR_MISSING });
    const seconds = secondsSince(start);
    notes.push(`已還原 ${members.length} 個項目到 ${dir}`, await restoredFacts(dir));
    return { file, bytes: statSync(file).size, seconds, notes };
  } finally {
    release();
  }
}
