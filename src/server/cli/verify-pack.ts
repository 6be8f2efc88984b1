/**
 * Checks every draw of a mystery-pack series from published data alone (decision 043):
 *
 *   npm run verify:pack -- <seriesId> [--url http://localhost:3000]
 *
 * Fetches `pack/detail` and every page of `pack/draws` over HTTP and replays them with the same code as the app's
 * /mall/verify page (src/shared/pack-draw.ts). It never opens the database. Exit code 0 when everything matches.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { verifySeries, type VerifiableDraw } from '../../shared/pack-draw';
import type { PackDraws, PackSeriesDetail } from '../../shared/schemas/packs';

export const USAGE = '用法：npm run verify:pack -- <卡包 id> [--url http://localhost:3000]';

type Fetch = (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

async function get<T>(fetcher: Fetch, url: string): Promise<T> {
  const res = await fetcher(url);
  const body = (await res.json()) as { code?: number; msg?: string; data?: T };
  if (!res.ok || body.code !== 200) throw new Error(`${url}：${body.msg ?? `HTTP ${res.status}`}`);
  return body.data as T;
}

/** Runs the check; answers the exit code and writes what it found line by line. */
export async function runVerifyPack(
  argv: string[],
  io: { out: (line: string) => void; err: (line: string) => void; fetch?: Fetch },
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { url: { type: 'string', default: 'http://localhost:3000' } },
    allowPositionals: true,
  });
  const id = positionals[0];
  if (!id) {
    io.err(USAGE);
    return 2;
  }
  const fetcher = io.fetch ?? (fetch as Fetch);
  const api = `${values.url!.replace(/\/$/, '')}/api`;
  const series = await get<PackSeriesDetail>(fetcher, `${api}/pack/detail?id=${encodeURIComponent(id)}`);
  const draws: VerifiableDraw[] = [];
  for (let after: number | null = 0; after !== null;) {
    const page: PackDraws = await get<PackDraws>(
      fetcher,
      `${api}/pack/draws?id=${encodeURIComponent(id)}&after=${after}&limit=500`,
    );
    draws.push(...page.draws);
    after = page.next;
  }
  io.out(`卡包 ${series.name}（${id}）：承諾 ${series.commitment}，已抽 ${draws.length} 包`);
  if (!series.serverSeed) {
    io.out('伺服器種子尚未公開（售罄或結束發售、且沒有待付款訂單後才公開），暫時無法驗證');
    return 1;
  }
  const report = await verifySeries(series, draws);
  io.out(`種子 ${series.serverSeed} ${report.seedMatchesCommitment ? '與承諾相符' : '與承諾不符！'}`);
  for (const c of report.checks) {
    if (!c.ok) io.out(`✗ 第 ${c.nonce} 包（訂單 ${c.orderNo}）：${c.problem}；應為 ${c.expected.join(', ')}`);
  }
  const good = report.checks.filter((c) => c.ok).length;
  io.out(`${good}/${report.checks.length} 包相符${report.ok ? '：全部驗證通過' : '：驗證失敗'}`);
  return report.ok ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runVerifyPack(process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  })
    .then((code) => (process.exitCode = code))
    .catch((err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    });
}
