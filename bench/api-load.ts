/**
 * One load process of `bench:api -- --redis-hung` (forked, IPC): autocannon against one server for a while, every
 * answer's time kept (ms, from autocannon's 'response' event) and sent back with the count of unexpected answers.
 */
import autocannon from 'autocannon';

export interface LoadJob {
  url: string;
  connections: number;
  seconds: number;
  requests: { path: string; headers?: Record<string, string> }[];
}
export interface LoadResult {
  ms: number[];
  /** Answers that were not 200, and errors (timeouts, resets). */
  bad: number;
  seconds: number;
}

process.once('message', (job: LoadJob) => {
  const ms: number[] = [];
  let bad = 0;
  const started = Date.now();
  const instance = autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.seconds,
    requests: job.requests.map((r) => ({ method: 'GET', ...r })),
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, took: number) => {
    ms.push(took);
    if (status !== 200) bad++;
  });
  void Promise.resolve(instance).then((result) => {
    const out: LoadResult = { ms, bad: bad + result.errors, seconds: (Date.now() - started) / 1000 };
    process.send!(out, () => process.exit(0));
  });
});
