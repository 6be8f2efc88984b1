/**
 * A Vitest reporter for the gate (`.ci/run`): what failed outside every test, which Vitest's JSON report leaves out and
 * which still fails the run — the errors it caught between tests (an unhandled rejection, a timer's throw, a worker that
 * died) and those of a describe block's own hooks (its beforeAll or afterAll: its tests may all have passed). Written
 * beside the JSON report (`pglite.json` → `pglite.errors.json`), where `tools/ci-summary.ts` prints them.
 *
 * Usage: `vitest --reporter=default --reporter=json --outputFile.json=ci-results/x.json --reporter=./tools/ci-errors-reporter.ts`
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, SerializedError, TestModule, Vitest } from 'vitest/node';

/** One error outside every test: where (a file and describe block, or the run) and its text. */
export interface OutsideError {
  where: string;
  why: string;
}

/** Where the errors of the run whose JSON report is `jsonFile` are written (`x.json` → `x.errors.json`). */
export const errorsFileOf = (jsonFile: string) => jsonFile.replace(/\.json$/, '') + '.errors.json';

const text = (e: SerializedError) => e.stack || `${e.name ?? 'Error'}: ${e.message}`;

export default class CiErrorsReporter implements Reporter {
  private file: string | null = null;
  private root = '';

  onInit(vitest: Vitest) {
    this.root = vitest.config.root;
    const out = vitest.config.outputFile;
    const json = typeof out === 'string' ? out : out?.json;
    this.file = json ? path.resolve(this.root, errorsFileOf(json)) : null;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<SerializedError>) {
    if (!this.file) return;
    const during = (e: SerializedError) =>
      typeof e.VITEST_TEST_PATH === 'string' ? ` while ${path.relative(this.root, e.VITEST_TEST_PATH)} ran` : '';
    const errors: OutsideError[] = unhandled.map((e) => ({
      where: `(caught outside any test${during(e)})`,
      why: text(e),
    }));
    for (const m of modules)
      for (const suite of m.children.allSuites())
        for (const e of suite.errors())
          errors.push({ where: `${m.relativeModuleId} › ${suite.fullName} (a hook of the block)`, why: text(e) });
    mkdirSync(path.dirname(this.file), { recursive: true });
    writeFileSync(this.file, JSON.stringify(errors, null, 2));
  }
}
