/**
 * The clients of `bench:stream`, in their own process (forked, IPC): opens `n` event streams to a server and reports
 * when each received a message with a given `left`. Plain http with no agent: one socket per stream, as browsers have.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

type Command =
  | { cmd: 'open'; port: number; path: string; n: number; headers?: Record<string, string> }
  | { cmd: 'expect'; left: number }
  | { cmd: 'close' };

const sockets: http.ClientRequest[] = [];
/** Per stream: when (epoch ms, sub-ms) each `left` value arrived. */
const arrivals: Map<number, number>[] = [];
const now = () => performance.timeOrigin + performance.now();
const send = (m: unknown) => process.send!(m);

function openOne(port: number, path: string, headers: Record<string, string>, i: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const seen = new Map<number, number>();
    arrivals[i] = seen;
    const req = http.get({ host: '127.0.0.1', port, path, agent: false, headers }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream ${i} answered ${res.statusCode}`));
      let ready = false;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const t = now();
        if (!ready && chunk.includes(': ready')) {
          ready = true;
          resolve();
        }
        for (const m of chunk.matchAll(/"left":(\d+)/g)) if (!seen.has(Number(m[1]))) seen.set(Number(m[1]), t);
      });
    });
    req.on('error', reject);
    sockets.push(req);
  });
}

process.on('message', (c: Command) => {
  void (async () => {
    if (c.cmd === 'open') {
      const started = now();
      // 250 at a time: within the server's accept backlog.
      for (let from = 0; from < c.n; from += 250) {
        const batch = Array.from({ length: Math.min(250, c.n - from) }, (_, k) =>
          openOne(c.port, c.path, c.headers ?? {}, from + k),
        );
        await Promise.all(batch);
      }
      send({ opened: c.n, ms: now() - started });
    } else if (c.cmd === 'expect') {
      const deadline = now() + 30_000;
      while (arrivals.some((a) => !a.has(c.left)) && now() < deadline) await new Promise((r) => setTimeout(r, 20));
      send({ left: c.left, at: arrivals.map((a) => a.get(c.left) ?? null) });
    } else {
      for (const s of sockets) s.destroy();
      send({ closed: true });
      process.exit(0);
    }
  })().catch((err: unknown) => {
    send({ error: String(err) });
    process.exit(1);
  });
});
send({ up: true });
