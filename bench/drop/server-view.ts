/**
 * The servers' own view of a run, from their `/metrics` (decision 045): for each route asked, how many answers and
 * their mean time inside the server, and the event loop's lag. Beside the load processes' figures it tells the time a
 * request spent in the server from the time it waited before it (a socket of the load process, the server's accept).
 */
import http from 'node:http';
import { request } from '../bench-kit';
import { f } from './options';
import { METRICS_TOKEN } from './servers';

const ROUTES = ['/api/queue/status', '/api/queue/join', '/api/queue/report', '/api/payOrder/create'];

const sample = (text: string, name: string, route?: string): number => {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (route && !line.includes(`route="${route}"`)) continue;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
};

/** One scrape of every server's /metrics; prom-client's event-loop lag is since the server's previous scrape. */
export async function scrape(ports: number[]): Promise<string[]> {
  const agent = new http.Agent({ keepAlive: false });
  const auth = { authorization: `Bearer ${METRICS_TOKEN}` };
  return Promise.all(ports.map(async (port) => (await request(agent, port, 'GET', '/metrics', auth)).body));
}

/** The routes' answers and mean times inside the servers between two scrapes, and the lag since the first. */
export function printServerView(name: string, from: string[], to: string[]): void {
  const total = (texts: string[], metric: string, route?: string) =>
    texts.reduce((a, t) => a + sample(t, metric, route), 0);
  console.log(`  the servers' own view, ${name}:`);
  for (const route of ROUTES) {
    const count = 'trove_http_request_duration_seconds_count';
    const sum = 'trove_http_request_duration_seconds_sum';
    const n = total(to, count, route) - total(from, count, route);
    const s = total(to, sum, route) - total(from, sum, route);
    if (n > 0) console.log(`    ${route.padEnd(22)} ${n} answers, mean ${f((s / n) * 1000, 2)} ms in the server`);
  }
  const lag = (metric: string) => to.map((t) => f(sample(t, metric) * 1000, 1)).join(', ');
  console.log(
    `    event-loop lag p99 ${lag('nodejs_eventloop_lag_p99_seconds')} ms, max ${lag('nodejs_eventloop_lag_max_seconds')} ms (per server)`,
  );
}
