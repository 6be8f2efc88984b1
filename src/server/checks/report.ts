import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The figures of one machine check: one line on the console, prefixed `[check]`, and the same as JSON in
 * `${CHECK_REPORT_DIR:-ci-results/checks}/<check>-<pglite|postgres>.json` (with `details`), which the gate's summary prints.
 */
export function reportCheck(
  check: string,
  dbKind: 'pglite' | 'postgres',
  figures: Record<string, number | string>,
  details: Record<string, unknown> = {},
): void {
  const line = Object.entries(figures)
    .map(([k, v]) => `${k} = ${v}`)
    .join(', ');
  console.log(`[check] ${check} (${dbKind}): ${line}`);
  const dir = process.env.CHECK_REPORT_DIR || 'ci-results/checks';
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `${check}-${dbKind}.json`),
    `${JSON.stringify({ check, db: dbKind, ...figures, at: new Date().toISOString(), details }, null, 2)}\n`,
  );
}
