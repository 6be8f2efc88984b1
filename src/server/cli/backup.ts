/**
 * Backup and restore of the configured database (docs/decisions/055-backup-and-restore.md):
 *
 *   npm run db:backup -- [file] [--pg-bin <folder>]
 *   npm run db:restore -- <file> [--replace] [--pg-bin <folder>]
 *
 * With DATABASE_URL: pg_dump's custom format, restored by pg_restore into an empty database. Without it: a tar.gz of
 * DATA_DIR, made and restored only while no server holds the embedded database. Nothing is ever overwritten unless
 * --replace says so.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { exitOnConfigError, loadConfig, type Config } from '../config';
import { backupKindOf, type BackupKind } from './backup/files';
import { backupDataDir, restoreDataDir } from './backup/pglite';
import { backupPostgres, restorePostgres } from './backup/postgres';
import { refusalExitCode } from './lib/refusal';

export const USAGE = `用法：
  npm run db:backup -- [備份檔案] [--pg-bin <PostgreSQL 客戶端工具資料夾>]
  npm run db:restore -- <備份檔案> [--replace] [--pg-bin <PostgreSQL 客戶端工具資料夾>]`;

export interface BackupCliContext {
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Where a relative file name is meant from (where the operator typed the command). */
  cwd: string;
  now: () => Date;
}

const WRONG_KIND: Record<BackupKind, string> = {
  pg_dump: '這是 PostgreSQL 的備份（pg_dump）：請設定 DATABASE_URL 指向一個新的空資料庫後再還原',
  data_dir: '這是內嵌資料庫（DATA_DIR）的備份：請在未設定 DATABASE_URL 時還原',
};

/** Runs `backup` or `restore`; answers the exit code (0 done, 1 refused or failed, 2 usage). */
export async function runBackupCli(
  command: 'backup' | 'restore',
  argv: string[],
  ctx: BackupCliContext,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { replace: { type: 'boolean' }, 'pg-bin': { type: 'string' } },
    });
  } catch (e) {
    ctx.err(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const { positionals, values } = parsed;
  const url = ctx.config.DATABASE_URL;
  const wants: BackupKind = url ? 'pg_dump' : 'data_dir';
  if (
    positionals.length > 1 ||
    (command === 'restore' && positionals.length === 0) ||
    (command === 'backup' && values.replace)
  ) {
    ctx.err(USAGE);
    return 2;
  }
  const stamp = ctx.now().toISOString().replace(/[:.]/g, '-');
  const file = path.resolve(ctx.cwd, positionals[0] ?? (url ? `trove-${stamp}.dump` : `trove-data-${stamp}.tar.gz`));
  try {
    if (command === 'backup') {
      const done = url
        ? await backupPostgres(url, file, { bin: values['pg-bin'] })
        : await backupDataDir(ctx.config.DATA_DIR, file);
      for (const note of done.notes) ctx.out(note);
      ctx.out(`已備份到 ${done.file}（${(done.bytes / 1e6).toFixed(2)} MB，${done.seconds} 秒）`);
      if (url) ctx.out('提示：APP_SECRET 不在備份之內（身份資料及收款帳戶以它加密），請另行妥善保管');
      return 0;
    }
    const kind = backupKindOf(file);
    if (kind !== wants) {
      ctx.err(kind ? WRONG_KIND[kind] : `${file} 不是 Trove 的備份（pg_dump 自訂格式或 DATA_DIR 的 tar.gz）`);
      return 1;
    }
    const done = url
      ? await restorePostgres(url, file, { bin: values['pg-bin'], replace: values.replace })
      : await restoreDataDir(ctx.config.DATA_DIR, file, { replace: values.replace, now: ctx.now() });
    for (const note of done.notes) ctx.out(note);
    ctx.out(`還原完成（${done.seconds} 秒）：可以啟動伺服器`);
    return 0;
  } catch (e) {
    return refusalExitCode(e, ctx.err);
  }
}

async function main() {
  const command = process.argv[2];
  if (command !== 'backup' && command !== 'restore') {
    process.stderr.write(`${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  // Not loadStartupConfig: that would write a new app-secret into an empty DATA_DIR a restore is about to fill.
  const config = exitOnConfigError(() => loadConfig(process.env));
  process.exitCode = await runBackupCli(command, process.argv.slice(3), {
    config,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    // npm runs scripts from the package folder; a relative file is meant from where the operator typed.
    cwd: process.env.INIT_CWD ?? process.cwd(),
    now: () => new Date(),
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
}
