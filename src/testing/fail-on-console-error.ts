import { afterEach, vi } from 'vitest';

// A console.error during a test is a bug somewhere: fail the test that caused it.
const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  if (errors.length > 0) {
    const first = errors[0]!.map(String).join(' ');
    errors.length = 0;
    vi.restoreAllMocks();
    throw new Error(`console.error was called during the test: ${first}`);
  }
});
