import { createRequire } from 'node:module';
import { afterAll } from 'vitest';

/** The scheduler react-dom runs its deferred work on (the same module instance: Node's require cache). */
const scheduler = createRequire(import.meta.url)('scheduler') as {
  unstable_IdlePriority: number;
  unstable_scheduleCallback: (priority: number, callback: () => void) => unknown;
};

/** Resolves once every task React queued before it has run: an idle task runs after all the others. */
const reactSettled = () =>
  new Promise<void>((resolve) => scheduler.unstable_scheduleCallback(scheduler.unstable_IdlePriority, resolve));

// A commit outside act (a fetch answered late, a timer) leaves React a task, flushing its passive effects, that reads
// `window`. If the file ends first, it runs once jsdom has gone: "window is not defined", caught outside any test
// (gate of stop 33, watchlist.test.tsx). The file's last hook lets React finish; twice, for what that work queues.
afterAll(async () => {
  await reactSettled();
  await reactSettled();
});
