/** `bench:drop`'s command-line options and the sizes of its runs. */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { Answer } from '../bench-kit';

const args = parseArgs({
  options: {
    instances: { type: 'string' },
    port: { type: 'string' },
    editions: { type: 'string' },
    attempts: { type: 'string' },
    connections: { type: 'string' },
    rounds: { type: 'string' },
    'postgres-only': { type: 'boolean' },
    // --queue: the waiting room (bench/drop/queue.ts)
    queue: { type: 'boolean' },
    buyers: { type: 'string' },
    early: { type: 'string' },
    rate: { type: 'string' },
    poll: { type: 'string' },
    workers: { type: 'string' },
    lead: { type: 'string' },
    late: { type: 'string' },
  },
}).values;
/** The waiting room's run (`--queue`): its own options, as given. */
export const QUEUE = args.queue === true;
export const QUEUE_ARGS = {
  buyers: args.buyers,
  early: args.early,
  rate: args.rate,
  poll: args.poll,
  workers: args.workers,
  lead: args.lead,
  late: args.late,
};
export const EDITIONS = Number(args.editions ?? 1_000);
export const ATTEMPTS = Number(args.attempts ?? 5_000);
export const CONNECTIONS = Number(args.connections ?? 200);
export const INSTANCES = Number(args.instances ?? 0);
export const BASE_PORT = Number(args.port ?? 0);
export const POSTGRES_ONLY = args['postgres-only'] === true;
/** Pairs of a raw-SQL claim loop and a rush, in process on PostgreSQL: the median of their ratios is printed. */
export const ROUNDS = Number(args.rounds ?? 3);
export const BASELINE_REQUESTS = 5_000;
/** Buy attempts (a quarter of them sold) on a drop of their own before anything is measured. */
export const WARM_UP = 3_000;
/** Attempts at the drop once sold out, by buyers without an order; fewer connections, so latency is not queueing. */
export const REFUSALS = 3_000;
export const REFUSAL_CONNECTIONS = 20;
export const POOL_SIZE = 20;
export const SOLD_OUT = '已售罄';

export const f = (n: number, d = 1) => n.toFixed(d);
export const SECRET = randomBytes(32).toString('hex');

export type Buyer = { id: string; token: string };
export type Timed = Answer & { at: number; cpu: number };
