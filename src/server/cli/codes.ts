/**
 * Exchange code batches for operators (PRODUCT.md §3, §4.4):
 *
 *   npm run codes -- create --card-info <id> --count N [--out file.csv] [--note text]
 *   npm run codes -- create --theme <id> --count N [--out file.csv] [--note text]
 *   npm run codes -- list
 *   npm run codes -- void <batchId>
 *
 * Opens the database like the server does (DATABASE_URL, or PGlite under DATA_DIR; refused while a server holds
 * that one: use the back office, or stop the server). The clear codes
 * exist only in the CSV written by `create`: the database keeps their keyed hashes.
 */
import { closeSync, openSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { systemClock, type Clock } from '../adapters/clock';
import { createKeys, type Keys } from '../adapters/keys';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { createCatalogueService } from '../modules/catalogue/catalogue.service';
import { batchCsv, createCodesService } from '../modules/codes/codes.service';
import { createPricesService } from '../modules/prices/prices.service';
import { createPublicCache } from '../cache/public-cache';
import { loadConfigOrExit, lockDataDirOrExit, openConfiguredDatabase } from '../startup';
import { refusalExitCode } from './lib/refusal';

export const USAGE = `用法：
  npm run codes -- create --card-info <卡牌 id> --count <數量> [--out <檔案.csv>] [--note <備註>]
  npm run codes -- create --theme <卡冊 id> --count <數量> [--out <檔案.csv>] [--note <備註>]
  npm run codes -- list
  npm run codes -- void <批次 id>`;

export interface CliContext {
  config: Config;
  db: Db;
  clock: Clock;
  keys: Keys;
  out: (line: string) => void;
  err: (line: string) => void;
  cwd: string;
}

/** Runs one command; answers the process exit code (0 done, 1 refused, 2 usage). */
export async function runCodesCli(argv: string[], ctx: CliContext): Promise<number> {
  // Codes never change what the mall lists; this process's cache only satisfies the catalogue service.
  const publicCache = createPublicCache({ clock: ctx.clock });
  const codes = createCodesService(ctx, {
    catalogue: createCatalogueService(
      { ...ctx, publicCache },
      { prices: createPricesService({ ...ctx, publicCache }) },
    ),
  });
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'card-info': { type: 'string' },
        theme: { type: 'string' },
        count: { type: 'string' },
        out: { type: 'string' },
        note: { type: 'string' },
      },
    });
  } catch (e) {
    ctx.err(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const [command, ...rest] = parsed.positionals;
  const v = parsed.values;
  try {
    if (command === 'create' && rest.length === 0) {
      const count = Number(v.count);
      if (!v.count || !Number.isInteger(count)) {
        ctx.err(`請以 --count 指定數量\n${USAGE}`);
        return 2;
      }
      if (Boolean(v['card-info']) === Boolean(v.theme)) {
        ctx.err(`請指定 --card-info 或 --theme 其中一項\n${USAGE}`);
        return 2;
      }
      const stamp = ctx.clock.now().toISOString().replace(/[:.]/g, '-');
      const file = path.resolve(ctx.cwd, v.out ?? `codes-${v['card-info'] ?? v.theme}-${stamp}.csv`);
      // The file is opened first (never overwriting one), so codes are never generated with nowhere to go.
      let fd: number;
      try {
        fd = openSync(file, 'wx', 0o600);
      } catch (e) {
        ctx.err(
          `無法建立檔案 ${file}：${(e as NodeJS.ErrnoException).code === 'EEXIST' ? '檔案已存在' : (e as Error).message}`,
        );
        return 1;
      }
      try {
        const { batch, codes: clear } = await codes.createBatch({
          cardInfoId: v['card-info'],
          themeId: v.theme,
          count,
          note: v.note,
        });
        writeSync(fd, batchCsv(batch, clear, ctx.config.publicUrl));
        closeSync(fd);
        ctx.out(`已建立批次 ${batch.id}：${batch.count} 個「${batch.target}」兌換碼，已寫入 ${file}`);
        ctx.out('此檔案是兌換碼唯一的明文紀錄，請妥善保管，印刷後刪除。');
        return 0;
      } catch (e) {
        closeSync(fd);
        unlinkSync(file);
        throw e;
      }
    }
    if (command === 'list' && rest.length === 0) {
      const batches = await codes.listBatches();
      if (batches.length === 0) {
        ctx.out('尚未建立任何批次');
        return 0;
      }
      ctx.out(['批次', '狀態', '對象', '數量', '未使用', '已使用', '已作廢', '建立時間', '備註'].join('\t'));
      for (const b of batches) {
        const target = b.cardInfoId ? `卡牌 ${b.cardInfoId}（${b.target}）` : `卡冊 ${b.themeId}（${b.target}）`;
        ctx.out(
          [
            b.id,
            b.status === 'active' ? '有效' : '已作廢',
            target,
            b.count,
            b.unused,
            b.used,
            b.voided,
            b.createdAt.toISOString(),
            b.note,
          ].join('\t'),
        );
      }
      return 0;
    }
    if (command === 'void' && rest.length === 1) {
      const result = await codes.voidBatch(rest[0]!);
      ctx.out(`已作廢批次 ${result.batchId}：${result.voidedCodes} 個未使用的兌換碼已失效`);
      return 0;
    }
  } catch (e) {
    return refusalExitCode(e, ctx.err);
  }
  ctx.err(USAGE);
  return 2;
}

async function main() {
  const config = loadConfigOrExit();
  // Never open the embedded database a server holds (two processes on one PGlite folder read stale data and can
  // corrupt it); held while this command runs, so a server does not start meanwhile either.
  const releaseLock = config.DATABASE_URL ? () => undefined : lockDataDirOrExit(config.DATA_DIR, 'codes');
  const database = await openConfiguredDatabase(config);
  try {
    process.exitCode = await runCodesCli(process.argv.slice(2), {
      config,
      db: database.db,
      clock: systemClock,
      // The same secret as the server: APP_SECRET, or the one generated in DATA_DIR.
      keys: createKeys(config.APP_SECRET),
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
      // npm runs scripts from the package folder; a relative --out is meant from where the operator typed.
      cwd: process.env.INIT_CWD ?? process.cwd(),
    });
  } finally {
    await database.close();
    releaseLock();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
}
