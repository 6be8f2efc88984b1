import { execFile } from 'node:child_process';
import { existsSync, openSync, readSync, closeSync, renameSync, rmSync, statSync } from 'node:fs';
import { promisify } from 'node:util';
import { AppError } from '../../errors';

/** What both kinds of backup and restore tell the operator once done. */
export interface BackupOutcome {
  file: string;
  bytes: number;
  seconds: number;
  /** Lines for the operator (what was checked, what to do next). */
  notes: string[];
}

/** The two kinds of backup file, told apart by their first bytes, so a restore never feeds one to the other's tool. */
export type BackupKind = 'pg_dump' | 'data_dir';
const MAGIC: Record<BackupKind, Buffer> = {
  // pg_dump's custom format (-Fc) starts with "PGDMP".
  pg_dump: Buffer.from('PGDMP'),
  // The embedded database's backup is a gzipped tar of DATA_DIR.
  data_dir: Buffer.from([0x1f, 0x8b]),
};

/** Which kind of backup `file` is, or null; refuses a file that is not there. */
export function backupKindOf(file: string): BackupKind | null {
  if (!existsSync(file) || !statSync(file).isFile()) throw new AppError('not_found', `找不到備份檔案 ${file}`);
  const fd = openSync(file, 'r');
  const head = Buffer.alloc(8);
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  return (Object.keys(MAGIC) as BackupKind[]).find((k) => head.subarray(0, MAGIC[k].length).equals(MAGIC[k])) ?? null;
}

/**
 * Writes a backup through `write(partial)` into `file`.partial, renamed to `file` only once complete: a backup that
 * failed half-way never looks like one. Never overwrites a file.
 */
export async function writeOnce(file: string, write: (partial: string) => Promise<void>): Promise<number> {
  if (existsSync(file)) throw new AppError('conflict', `檔案 ${file} 已存在：備份不會覆蓋任何檔案，請指定另一個檔名`);
  const partial = `${file}.partial`;
  try {
    await write(partial);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return statSync(file).size;
}

/** Runs a command-line tool (pg_dump, tar…) without a shell; a missing tool or a failure is refused with `missing`. */
export async function runTool(
  command: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; missing: string },
): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(command, args, {
      env: { ...process.env, ...opts.env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') throw new AppError('unavailable', opts.missing);
    throw new AppError('internal', `${command} 失敗：${(e.stderr ?? e.message).trim()}`);
  }
}

export const secondsSince = (start: number) => Math.round((performance.now() - start) / 10) / 100;
