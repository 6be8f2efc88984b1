import { cleanup } from '@testing-library/react';
import { createRequire } from 'node:module';
import { afterAll, afterEach } from 'vitest';

/** The scheduler react-dom runs its deferred work on (the same module instance: Node's require cache). */
const scheduler = createRequire(import.meta.url)('scheduler') as {
  unstable_IdlePriority: number;
  unstable_scheduleCallback: (priority: number, callback: () => void) => unknown;
};

/** Resolves once every task React queued before it has run: an idle task runs after all the others. */
const reactSettled = () =>
  new Promise<void>((resolve) => scheduler.unstable_scheduleCallback(scheduler.unstable_IdlePriority, resolve));

// React's work queued outside act runs on the scheduler, and reads `window`. If a file ends first, it runs once jsdom
// has gone: "window is not defined", caught outside any test, and the run fails with no test failed (gates of
// 2026-12-01/02: a passive-effects task after watchlist.test.tsx; a render after app.test.tsx, whose app stayed
// mounted and went on loading its lazy screens). So every test's screens are unmounted after it (Testing Library
// does not register its own clean-up without Vitest's globals), and a file's last hook lets React finish its queue;
// twice, for what that work queues.
afterEach(cleanup);
afterAll(async () => {
  await reactSettled();
  await reactSettled();
});
