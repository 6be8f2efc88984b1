import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    // A console.error during a test fails it (STYLE.md §9).
    setupFiles: ['./src/testing/fail-on-console-error.ts'],
    // Hang guards, never measures (benchmarks measure): the gate's machine has run the same tests 2–8 times slower
    // than a quiet one (decision 046), so every limit, these and each test's own, is three times what it once was.
    testTimeout: 90_000,
    hookTimeout: 180_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // One module graph for every server test file: isolated, each file spent as long importing the app as
          // testing it (275 s of the 1 159 s run). Nothing of the server's modules holds state between files.
          isolate: false,
          globalSetup: ['./src/server/testing/global-setup.ts'],
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'tools/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/web/testing/react-teardown.ts'],
        },
      },
    ],
  },
});
