import path from 'node:path';
import pg from 'pg';
import { AppError } from '../../errors';
import { runTool, secondsSince, writeOnce, type BackupOutcome } from './files';

/**
 * PostgreSQL's backup and restore (decision 055): pg_dump's custom format (-Fc) of DATABASE_URL, and pg_restore of it
 * into an empty database in one transaction. The client tools come from PATH, or from `bin` (--pg-bin).
 */

/** What the tools are told of the database: the URL without its password, which goes by PGPASSWORD (not argv). */
export function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** The major version a tool's `--version` names ("pg_dump (PostgreSQL) 15.20 (Debian …)"). */
export function majorOf(versionLine: string): number | null {
  const m = /\(PostgreSQL\)\s+(\d+)/.exec(versionLine);
  return m ? Number(m[1]) : null;
}

const toolPath = (tool: string, bin?: string) => (bin ? path.join(bin, tool) : tool);
const missing = (tool: string, serverMajor: number) =>
  `找不到 ${tool}：請安裝與伺服器相同主版本的 PostgreSQL 客戶端工具（例如 apt install postgresql-client-${serverMajor}），或以 --pg-bin 指定其所在資料夾`;

interface ServerFacts {
  version: string;
  major: number;
  /** Tables outside PostgreSQL's own schemas (Trove's, and drizzle's record of migrations). */
  tables: number;
  /** Migrations the database has had, or null when it has no record of any. */
  migrations: number | null;
  /** Other sessions on the database (a running server's pool). */
  otherSessions: number;
  bytes: number;
}

async function serverFacts(url: string): Promise<ServerFacts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect().catch((err: Error) => {
    throw new AppError('unavailable', `無法連接 DATABASE_URL 的資料庫：${err.message}`);
  });
  try {
    const one = async (q: string) => (await client.query<{ v: string }>(q)).rows[0]!.v;
    const num = Number(await one(`select current_setting('server_version_num') as v`));
    const hasMigrations = (await one(`select to_regclass('drizzle.__drizzle_migrations')::text as v`)) !== null;
    return {
      version: (await one(`select current_setting('server_version') as v`)).split(' ')[0]!,
      major: Math.floor(num / 10000),
      tables: Number(
        await one(`select count(*) as v from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`),
      ),
      migrations: hasMigrations ? Number(await one('select count(*) as v from drizzle.__drizzle_migrations')) : null,
      otherSessions: Number(
        await one(
          'select count(*) as v from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        ),
      ),
      bytes: Number(await one('select pg_database_size(current_database()) as v')),
    };
  } finally {
    await client.end();
  }
}

/** The client tool's major version beside the server's; refuses a pg_dump older than the server (it cannot read it). */
async function versionNote(tool: 'pg_dump' | 'pg_restore', bin: string | undefined, server: ServerFacts) {
  const line = await runTool(toolPath(tool, bin), ['--version'], { missing: missing(tool, server.major) });
  const client = majorOf(line);
  if (client === null) throw new AppError('internal', `無法讀取 ${tool} 的版本：${line.trim()}`);
  if (client === server.major) return `${tool} ${client} 與伺服器（PostgreSQL ${server.version}）主版本相同`;
  if (tool === 'pg_dump' && client < server.major)
    throw new AppError(
      'conflict',
      `pg_dump ${client} 比伺服器（PostgreSQL ${server.version}）舊，不能備份它。${missing(tool, server.major)}`,
    );
  return `注意：${tool} 為 ${client} 版，伺服器為 PostgreSQL ${server.version}（主版本不同）。${
    tool === 'pg_dump'
      ? '較新的 pg_dump 可以備份較舊的伺服器，但還原時要用同版或更新的 pg_restore。'
      : '如還原失敗，請改用與伺服器相同主版本的 pg_restore（整個還原在一個交易內，失敗不會留下半套資料）。'
  }`;
}

/** pg_dump -Fc of `url` into `file` (never overwriting one). */
export async function backupPostgres(url: string, file: string, opts: { bin?: string } = {}): Promise<BackupOutcome> {
  const server = await serverFacts(url);
  const notes = [await versionNote('pg_dump', opts.bin, server)];
  if (server.migrations === null) notes.push('注意：這個資料庫沒有 Trove 的遷移紀錄，可能不是 Trove 的資料庫');
  const { dbname, env } = toolConnection(url);
  const start = performance.now();
  const bytes = await writeOnce(file, async (partial) => {
    await runTool(
      toolPath('pg_dump', opts.bin),
      ['--format=custom', '--no-password', `--file=${partial}`, `--dbname=${dbname}`],
      { env, missing: missing('pg_dump', server.major) },
    );
  });
  notes.push(
    `資料庫 ${(server.bytes / 1e6).toFixed(1)} MB，${server.tables} 個資料表，已套用 ${server.migrations ?? 0} 個遷移`,
  );
  return { file, bytes, seconds: secondsSince(start), notes };
}

/** Reads the archive's own header: which server and pg_dump made it (`pg_restore --list`). */
async function archiveHeader(file: string, bin: string | undefined, serverMajor: number) {
  const list = await runTool(toolPath('pg_restore', bin), ['--list', file], {
    missing: missing('pg_restore', serverMajor),
  });
  const field = (name: string) => new RegExp(`^;\\s+${name}:\\s*(.+)$`, 'm').exec(list)?.[1]?.trim() ?? '?';
  return { from: field('Dumped from database version'), by: field('Dumped by pg_dump version') };
}

/**
 * pg_restore of `file` into `url` in one transaction (all or nothing). Refuses a database that already has tables
 * unless `replace` (then pg_restore drops and recreates what the backup holds) and refuses to replace while other
 * sessions use the database.
 */
export async function restorePostgres(
  url: string,
  file: string,
  opts: { bin?: string; replace?: boolean } = {},
): Promise<BackupOutcome> {
  const target = await serverFacts(url);
  const notes = [await versionNote('pg_restore', opts.bin, target)];
  const header = await archiveHeader(file, opts.bin, target.major);
  notes.push(`備份由 pg_dump ${header.by} 從 PostgreSQL ${header.from} 製作`);
  const db = new URL(url).pathname.slice(1);
  if (target.tables > 0 && !opts.replace)
    throw new AppError(
      'conflict',
      `資料庫「${db}」已有 ${target.tables} 個資料表${target.migrations === null ? '' : '（是 Trove 的資料庫）'}，不會覆蓋。請還原到一個新的空資料庫（例如 createdb trove_restored，再把 DATABASE_URL 指向它），或確定要取代現有資料時加上 --replace`,
    );
  if (opts.replace && target.otherSessions > 0)
    throw new AppError(
      'conflict',
      `資料庫「${db}」仍有 ${target.otherSessions} 個其他連線（例如執行中的伺服器）：請先停止所有伺服器，再以 --replace 還原`,
    );
  const { dbname, env } = toolConnection(url);
  const start = performance.now();
  await runTool(
    toolPath('pg_restore', opts.bin),
    [
      '--no-password',
      `--dbname=${dbname}`,
      // All or nothing: a failure leaves the database as it was.
      '--single-transaction',
      '--exit-on-error',
      // The restoring role owns what it creates (the backup may come from another role or cluster).
      '--no-owner',
      ...(opts.replace ? ['--clean', '--if-exists'] : []),
      file,
    ],
    { env, missing: missing('pg_restore', target.major) },
  );
  const seconds = secondsSince(start);
  const after = await serverFacts(url);
  notes.push(
    `已還原到資料庫「${db}」：${after.tables} 個資料表，${(after.bytes / 1e6).toFixed(1)} MB，已套用 ${after.migrations ?? 0} 個遷移（伺服器啟動時會補上較新的遷移）`,
  );
  return { file, bytes: after.bytes, seconds, notes };
}
