/**
 * Preloaded into a benchmarked server process (`--import`): on SIGUSR2 it collects garbage (run with --expose-gc)
 * and prints one line `MEM {rss, heapUsed, …}` to stdout, so the bench reads memory without a route for it.
 */
process.on('SIGUSR2', () => {
  (globalThis as { gc?: () => void }).gc?.();
  process.stdout.write(`MEM ${JSON.stringify(process.memoryUsage())}\n`);
});
