/**
 * `npm run bench:drop -- --queue` (PostgreSQL and Redis): a hot drop's waiting room under load (decision 044). Two
 * server processes on one database and one Redis, a bare Fastify hello-world in a process of its own (no logging), and
 * the buyers' load from separate worker processes: each buyer joins (a share before the start), asks `queue/status` as
 * the drop's screen does until admitted or the stream says it is over (queue-worker.ts: the screen then shows the
 * fairness report), then orders with the admission token; every order is paid through the sandbox's webhook. Checks: 0
 * oversold and distinct serials; the early joiners' order in the queue is the secret shuffle's (recomputed here from
 * APP_SECRET); nobody was admitted before their turn; queue-status p99 beside the hello-world's. `--buyers N` (default
 * 50 000), `--early` (share joining before the start, default 0.5), `--rate` (admissions a minute, default 6 000),
 * `--poll` (ms between status asks when no turn is due: default 30 000, the screen's while the live stream is up),
 * `--workers` (load processes, default 2), `--lead` (s before the start over which the early buyers arrive: default
 * 600, the waiting room's 10 minutes), `--late` (s after the start over which the others arrive, default 30). The
 * status answers' percentiles are also printed by when they came: before the start, the rush, after.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { asc, eq, sql } from 'drizzle-orm';
import { createKeys } from '../../src/server/adapters/keys';
import type { SandboxProvider } from '../../src/server/adapters/payments/sandbox';
import type { Database } from '../../src/server/db/client';
import { dropQueues, queueMembers } from '../../src/server/db/schema';
import { createBuyers, createDrop } from '../../src/server/modules/pay-orders/pay-orders.fixtures';
import { createAdmissions, queueIdOf } from '../../src/server/modules/queue/admission';
import { admittedBy, scheduleOf } from '../../src/server/modules/queue/queue-schedule';
import { freePort } from '../../src/server/testing/free-port';
import { helloProcess, pct } from '../bench-kit';
import { EDITIONS, QUEUE_ARGS, SECRET, f } from './options';
import { scrape, printServerView } from './server-view';
import { startServers, stopServers } from './servers';
import { invariants, payAll } from './settle';

const args = QUEUE_ARGS;
const BUYERS = Number(args.buyers ?? 50_000);
const EARLY = Number(args.early ?? 0.5);
// Admissions a minute: about the editions' worth in the first 10 s, as an operator meters a drop to what the
// deployment carries (30 000, 500 a second, let in 6 500 buyers for 1 000 editions: a race again).
const RATE = Number(args.rate ?? 6_000);
const POLL_MS = Number(args.poll ?? 30_000);
const WORKERS = Number(args.workers ?? 2);
// The waiting room's window: everyone who joins in the 10 minutes before the start is shuffled (issue 25).
const LEAD_S = Number(args.lead ?? 600);
const LATE_S = Number(args.late ?? 30);

type WorkerOut = {
  statusMs: number[];
  statusAt: number[];
  helloMs: number[];
  reportMs: number[];
  orders: string[];
  errors: number;
  refused: number;
  errorKinds: Record<string, number>;
  sawOver: number;
  overAt: number;
};

export async function runQueue(database: Database & { url: string }, redisUrl: string, sandbox: SandboxProvider) {
  console.log(
    `\n== waiting room: ${BUYERS} buyers, ${EDITIONS} editions, ${RATE} admitted a minute, 2 instances, ${WORKERS} load processes ==`,
  );
  const servers = await startServers(2, database.url, redisUrl);
  const helloPort = await freePort();
  const hello = await helloProcess(helloPort);
  let ok = true;
  try {
    const now = new Date();
    const buyers = await createBuyers(database.db, BUYERS, now);
    const start = new Date(Date.now() + LEAD_S * 1000);
    const drop = await createDrop(database.db, {
      editionSize: EDITIONS,
      perUserLimit: 1,
      hot: true,
      saleStartsAt: start,
    });
    await database.db.insert(dropQueues).values({ kind: 'card', itemId: drop, perMinute: RATE, updatedAt: now });
    const ports = servers.map((s) => s.port);
    const marked = buyers.map((b, i) => ({ ...b, early: i < BUYERS * EARLY }));
    const started = Date.now();
    // The servers' own view of the wait before the start and of the rush (bench/drop/server-view.ts).
    const rushMs = (LATE_S + 30) * 1000;
    const views = [-Infinity, -1000, rushMs].map(
      (ms) =>
        new Promise<string[]>((r) =>
          setTimeout(() => r(scrape(ports)), Math.max(0, start.getTime() + ms - Date.now())),
        ),
    );
    const outs = await Promise.all(
      Array.from({ length: WORKERS }, (_, w) => {
        const child = fork('bench/drop/queue-worker.ts', [], { execArgv: ['--import', 'tsx'] });
        const share = marked.filter((_, i) => i % WORKERS === w);
        child.send({
          buyers: share,
          ports,
          helloPort,
          drop,
          startMs: start.getTime(),
          pollMs: POLL_MS,
          lateMs: LATE_S * 1000,
          concurrency: 256,
        });
        return new Promise<WorkerOut>((resolve) => child.once('message', (m) => resolve(m as WorkerOut)));
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const statusMs = outs.flatMap((o) => o.statusMs).sort((a, b) => a - b);
    const helloMs = outs.flatMap((o) => o.helloMs).sort((a, b) => a - b);
    const orders = outs.flatMap((o) => o.orders);
    console.log(`run                        ${f(seconds)} s; ${statusMs.length} status polls; ${orders.length} orders`);
    console.log(
      `errors / refusals          ${outs.reduce((n, o) => n + o.errors, 0)} / ${outs.reduce((n, o) => n + o.refused, 0)}`,
    );
    const kinds = new Map<string, number>();
    for (const [kind, n] of outs.flatMap((o) => Object.entries(o.errorKinds)))
      kinds.set(kind, (kinds.get(kind) ?? 0) + n);
    for (const [kind, n] of kinds) console.log(`  error: ${kind} × ${n}`);
    const [s50, s99, h50, h99] = [pct(statusMs, 50), pct(statusMs, 99), pct(helloMs, 50), pct(helloMs, 99)];
    console.log(`queue/status               p50 ${f(s50, 2)} ms, p99 ${f(s99, 2)} ms (target p99 ≤ 20 ms)`);
    console.log(`hello-world (own process)  p50 ${f(h50, 2)} ms, p99 ${f(h99, 2)} ms`);
    // The same answers by when they came: the wait before the start, and the rush (the late crowd joining).
    const timed = outs.flatMap((o) => o.statusMs.map((ms, i) => ({ ms, at: o.statusAt[i]! })));
    for (const [name, keep] of [
      ['before the start', (at: number) => at < 0],
      [`the rush (start + ${LATE_S + 30} s)`, (at: number) => at >= 0 && at < rushMs],
      ['after the rush', (at: number) => at >= rushMs],
    ] as const) {
      const ms = timed.filter((t) => keep(t.at)).map((t) => t.ms);
      ms.sort((a, b) => a - b);
      if (ms.length > 0)
        console.log(
          `  ${name.padEnd(24)} ${ms.length} answers: p50 ${f(pct(ms, 50), 2)} ms, p99 ${f(pct(ms, 99), 2)} ms`,
        );
    }
    const [atFirst, atStart, atRushEnd] = await Promise.all(views);
    printServerView('before the start', atFirst!, atStart!);
    printServerView('the rush', atStart!, atRushEnd!);
    const reportMs = outs.flatMap((o) => o.reportMs).sort((a, b) => a - b);
    const overAt = Math.min(...outs.map((o) => o.overAt || Infinity));
    console.log(
      `sold out on the stream     +${f(overAt / 1000)} s after the start; ${outs.reduce((n, o) => n + o.sawOver, 0)} screens showed the report then`,
    );
    if (reportMs.length > 0)
      console.log(`queue/report               p50 ${f(pct(reportMs, 50), 2)} ms, p99 ${f(pct(reportMs, 99), 2)} ms`);
    console.log(`ratio status / hello       p50 ×${f(s50 / h50, 2)}, p99 ×${f(s99 / h99, 2)}`);

    const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
    const paid = await payAll(database.db, sandbox, agent, ports, orders);
    console.log(`paid                       ${paid.settled} of ${orders.length}`);
    ok = (await invariants(database.db, drop, paid.settled)).ok && ok;

    // The queue as its record holds it (decision 051): the early joiners' order against the shuffle, and nobody
    // admitted early.
    const admissions = createAdmissions(createKeys(SECRET));
    const q = { kind: 'card' as const, id: drop, startMs: start.getTime() };
    const ranked = await database.db
      .select({ user: queueMembers.userId, score: queueMembers.score, at: queueMembers.admittedAt })
      .from(queueMembers)
      .where(eq(queueMembers.queueId, queueIdOf(q)))
      .orderBy(asc(queueMembers.score), asc(sql`${queueMembers.userId} collate "C"`));
    const early = ranked.filter((m) => m.score < 1).map((m) => m.user);
    const expected = [...early].sort((a, b) => admissions.shuffle(a, q) - admissions.shuffle(b, q));
    const shuffleOk = early.every((u, i) => u === expected[i]);
    const schedule = scheduleOf({ perMinute: RATE, admittedBase: 0, baseAt: null } as never);
    let jumped = 0;
    ranked.forEach((m, rank) => {
      if (m.at && rank >= admittedBy(q.startMs, schedule, m.at.getTime())) jumped++;
    });
    console.log(
      `joined before / after      ${early.length} / ${ranked.length - early.length}; admitted ${ranked.filter((m) => m.at).length}`,
    );
    console.log(
      `early order = shuffle      ${shuffleOk ? 'yes' : 'NO'} (${early.length} places recomputed from APP_SECRET)`,
    );
    console.log(`admitted before their turn ${jumped}  (must be 0)`);
    ok = ok && shuffleOk && jumped === 0;
  } finally {
    hello.kill();
    await stopServers(servers);
  }
  return ok;
}
