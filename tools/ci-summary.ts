/**
 * The gate's last lines (`.ci/run`): the counts of every test run and, for each failed test, its file, name and the
 * first lines of its error. Whoever reads only the tail of the gate's output (a CI page) sees what failed and why.
 * Exits 1 when a test failed or a part's results are missing.
 *
 * Usage: `tsx tools/ci-summary.ts [ci-results folder]`
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { errorsFileOf, type OutsideError } from './ci-errors-reporter';

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests?: number;
  testResults: {
    name: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: { results: { status: string; error?: { message?: string } }[] }[];
  }[];
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; skipped: number; flaky: number };
  suites: PlaywrightSuite[];
  errors?: { message?: string }[];
}

/** A failure as printed: where, what, and the first lines of why (colour codes removed). */
interface Failure {
  part: string;
  where: string;
  why: string;
}

const FIRST_LINES = 6;
const ESC = String.fromCharCode(27);
// Vitest 4 reports a test or hook past its time limit with the stack of the error made where it was declared, whose
// first line is this placeholder instead of "Test timed out in … ms".
const TIMED_OUT = 'Error: STACK_TRACE_ERROR';
const plain = (text: string) =>
  text
    .replaceAll(new RegExp(`${ESC}\\[[0-9;]*m`, 'g'), '')
    .replace(
      TIMED_OUT,
      'Error: timed out (past the time limit of the test or hook declared at the line of a test file below)',
    )
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(0, FIRST_LINES)
    .map((l) => `      ${l.slice(0, 300)}`)
    .join('\n');

function vitestFailures(part: string, report: VitestReport, root: string): Failure[] {
  const failures: Failure[] = [];
  for (const file of report.testResults) {
    const where = path.relative(root, file.name);
    const failed = file.assertionResults.filter((a) => a.status === 'failed');
    for (const a of failed)
      failures.push({ part, where: `${where} › ${a.fullName}`, why: plain(a.failureMessages?.join('\n') ?? '') });
    // A file that failed outside any test (an import, a hook): its message only.
    if (failed.length === 0 && file.message) failures.push({ part, where, why: plain(file.message) });
  }
  return failures;
}

function playwrightFailures(part: string, suites: PlaywrightSuite[]): Failure[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) => {
      const last = spec.tests
        .map((t) => t.results.at(-1))
        .filter((r) => r && r.status !== 'passed' && r.status !== 'skipped');
      return last.map((r) => ({
        part,
        where: `${spec.file}:${spec.line} › ${spec.title} (${r!.status})`,
        why: plain(r!.error?.message ?? ''),
      }));
    }),
    ...playwrightFailures(part, suite.suites ?? []),
  ]);
}

function readJson<T>(file: string): T | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null;
}

const dir = path.resolve(process.argv[2] ?? 'ci-results');
const root = path.resolve(dir, '..');
let passed = 0;
let failed = 0;
let skipped = 0;
const missing: string[] = [];
const failures: Failure[] = [];

for (const part of ['pglite', 'postgres']) {
  const r = readJson<VitestReport>(path.join(dir, `${part}.json`));
  if (!r) {
    missing.push(part);
    continue;
  }
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  failures.push(...vitestFailures(part, r, root));
  // What failed the run outside every test (tools/ci-errors-reporter.ts): the JSON report leaves it out.
  for (const e of readJson<OutsideError[]>(errorsFileOf(path.join(dir, `${part}.json`))) ?? [])
    failures.push({ part, where: e.where, why: plain(e.why) });
}
for (const part of ['e2e', 'css-order']) {
  const r = readJson<PlaywrightReport>(path.join(dir, `${part}.json`));
  if (!r) {
    missing.push(part);
    continue;
  }
  passed += r.stats.expected + r.stats.flaky;
  failed += r.stats.unexpected;
  skipped += r.stats.skipped;
  failures.push(...playwrightFailures(part, r.suites));
  for (const e of r.errors ?? []) failures.push({ part, where: '(outside any test)', why: plain(e.message ?? '') });
}

if (failures.length > 0) {
  console.log(`\nWhat failed (${failures.length}):`);
  for (const f of failures) console.log(`  [${f.part}] ${f.where}\n${f.why}`);
}
if (missing.length > 0)
  console.log(`\nNo results from: ${missing.join(', ')} (the part ended before it wrote them; see its log above)`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failed > 0 || failures.length > 0 || missing.length > 0) process.exitCode = 1;
