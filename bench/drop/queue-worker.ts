/**
 * One load process of `bench:drop -- --queue`: its share of the buyers join the hot drop's queue (those marked early
 * before the start), ask `queue/status` as the drop's screen does (web/components/queue-panel.tsx) until admitted (or
 * the drop is over), then order with the admission token. With the live stream up, the screen asks every 30 s before
 * the start (`pollMs`), then at its moment after the start (`askAt`, about its turn) and when its estimated wait runs
 * out (the stream's turn event only brings that forward). A bare hello-world is asked once per status poll on the
 * same connections, so both are measured under one load. The drop's stock topic is followed on one stream per
 * process, which every screen has: once it says the drop is sold out or over, a screen shows the fairness report
 * instead of the panel (web/features/mall/components/sale-detail.tsx), so it asks `queue/report` once (within
 * REPORT_SPREAD_MS when it was open as the drop sold out) and neither joins nor asks its place any more.
 */
import http from 'node:http';
import type { QueueStatus as Status } from '../../src/shared/schemas/queue';
import { REPORT_SPREAD_MS } from '../../src/shared/constants';
import { request } from '../bench-kit';

interface Job {
  buyers: { id: string; token: string; early: boolean }[];
  ports: number[];
  helloPort: number;
  drop: string;
  startMs: number;
  pollMs: number;
  lateMs: number;
  concurrency: number;
}

/**
 * When the screen would ask again of itself: at its moment after the start while waiting for it (the answer's askAt,
 * spread over the crowd), when the estimated wait is over.
 */
function dueIn(st: Status): number {
  if (st.phase === 'waiting_start') return Math.max(0, Date.parse(st.askAt ?? st.startsAt) - Date.parse(st.serverTime));
  if (st.phase === 'waiting' && st.etaSeconds !== null) return st.etaSeconds * 1000;
  return Infinity;
}

/**
 * Follows the drop's stock topic (`GET /api/stream?topics=drop:<id>`), as each screen of it does; `over` turns true
 * when it says nothing is left or the sale is over. Reconnects when the server ends the stream.
 */
function followStock(port: number, drop: string, startMs: number) {
  let told = () => {};
  const state = {
    over: false,
    at: 0,
    closed: false,
    req: null as http.ClientRequest | null,
    /** Settles when the stream says the drop is over: a waiting screen changes at once. */
    ended: new Promise<void>((resolve) => (told = resolve)),
  };
  const open = () => {
    if (state.closed) return;
    state.req = http.get({ host: '127.0.0.1', port, path: `/api/stream?topics=drop:${drop}`, agent: false }, (res) => {
      res.setEncoding('utf8');
      let rest = '';
      res.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) {
          if (!line.startsWith('data: ') || state.over) continue;
          const e = (JSON.parse(line.slice(6)) as { event: { type: string; saleState?: string; left?: number } }).event;
          if (e.type === 'stock' && (e.left === 0 || e.saleState === 'sold_out' || e.saleState === 'ended')) {
            Object.assign(state, { over: true, at: Date.now() - startMs });
            told();
          }
        }
      });
      res.on('end', () => setTimeout(open, 1_000));
    });
    state.req.on('error', () => setTimeout(open, 1_000));
  };
  open();
  return state;
}

process.once('message', (job: Job) => {
  void run(job).then((out) => process.send?.(out, () => process.exit(0)));
});

async function run(job: Job) {
  // One pool of sockets per kind of request: a browser has its own connections, so a screen's status ask waits for
  // the server, not in this process behind other buyers' joins or reports (each pool still bounds its kind).
  const pool = () => new http.Agent({ keepAlive: true, maxSockets: job.concurrency });
  const agents = { join: pool(), status: pool(), report: pool(), order: pool() };
  const statusMs: number[] = [];
  /** When each status answer came, in ms after the start (negative before it). */
  const statusAt: number[] = [];
  const helloMs: number[] = [];
  /** `queue/report`, asked by each screen that saw the sell-out (instead of the panel). */
  const reportMs: number[] = [];
  const stock = followStock(job.ports[0]!, job.drop, job.startMs);
  let sawOver = 0;
  const orders: string[] = [];
  let errors = 0;
  let refused = 0;
  /** What each error was: `step status code` (or the thrown error's message), counted. */
  const errorKinds: Record<string, number> = {};
  const error = (kind: string) => {
    errors++;
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
  };
  const codeOf = (body: string) => {
    try {
      return String((JSON.parse(body) as { code?: unknown }).code ?? '');
    } catch {
      return body.slice(0, 40);
    }
  };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const body = JSON.stringify({ kind: 'card', id: job.drop });

  async function buyer(b: Job['buyers'][number], i: number) {
    const port = job.ports[i % job.ports.length]!;
    const auth = { authorization: `Bearer ${b.token}` };
    // Early buyers arrive spread over the time left before the start; the others over `lateMs` after it (a crowd
    // that opens the screen as the sale starts, not all in one instant).
    const left = Math.max(0, job.startMs - Date.now());
    await sleep(b.early ? Math.random() * left * 0.8 : left + Math.random() * job.lateMs);
    // The screen's fairness report, once the stream has said the drop is over: asked once, and nothing more; a screen
    // that was open as it sold out asks within REPORT_SPREAD_MS (FairnessReport's `spread`), one opened after at once.
    const report = async (spread = true) => {
      sawOver++;
      if (spread) await sleep(Math.random() * REPORT_SPREAD_MS);
      const r = await request(agents.report, port, 'GET', `/api/queue/report?kind=card&id=${job.drop}`, {});
      reportMs.push(r.ms);
      if (r.status !== 200) error(`report ${r.status} ${codeOf(r.body)}`);
    };
    if (stock.over) return report(false);
    const joined = await request(agents.join, port, 'POST', '/api/queue/join', auth, body);
    if (joined.status === 409) return void refused++;
    if (joined.status !== 200) return error(`join ${joined.status} ${codeOf(joined.body)}`);
    let st = JSON.parse(joined.body).data as Status;
    for (;;) {
      if (st.phase === 'ended' || st.phase === 'expired' || st.phase === 'used') return;
      if (st.phase === 'admitted') break;
      // A turn asked for that is not yet given (the rate rounds) is asked again half a second on, not at once. Before
      // the start, every poll; a poll never lands after the start, from when a waiting screen asks only at its moment
      // (askAt) or turn (queue-panel.tsx's timer; the stream moves its line).
      const due = Math.max(500, dueIn(st));
      const poll = job.pollMs * (0.9 + Math.random() * 0.2);
      const started = Date.parse(st.serverTime) + Math.min(poll, due) >= Date.parse(st.startsAt);
      const wait = started && due !== Infinity ? due : Math.min(poll, due);
      await Promise.race([sleep(wait), stock.ended]);
      if (stock.over) return report();
      const s = await request(agents.status, port, 'GET', `/api/queue/status?kind=card&id=${job.drop}`, auth);
      statusMs.push(s.ms);
      statusAt.push(Date.now() - job.startMs);
      helloMs.push((await request(agents.status, job.helloPort, 'GET', '/', {})).ms);
      if (s.status !== 200) return error(`status ${s.status} ${codeOf(s.body)}`);
      st = JSON.parse(s.body).data as Status;
    }
    const o = await request(
      agents.order,
      port,
      'POST',
      '/api/payOrder/create',
      { ...auth, 'idempotency-key': `bench-${b.id}`, 'x-admission-token': st.token! },
      JSON.stringify({ type: 'card', cardInfoId: job.drop, quantity: 1 }),
    );
    if (o.status === 200) orders.push(JSON.parse(o.body).data.orderNo as string);
    else if (o.status === 409) refused++;
    else error(`order ${o.status} ${codeOf(o.body)}`);
  }

  // Every buyer is under way at once (mostly waiting); `concurrency` sockets bound the requests in flight.
  await Promise.all(job.buyers.map((b, i) => buyer(b, i).catch((e: unknown) => error(`thrown ${String(e)}`))));
  stock.closed = true;
  stock.req?.destroy();
  return { statusMs, statusAt, helloMs, reportMs, orders, errors, refused, errorKinds, sawOver, overAt: stock.at };
}
