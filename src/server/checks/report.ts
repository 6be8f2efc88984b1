import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The figures of one machine check: one line on the console, prefixed `[check]`, and the same as JSON in
 * `${CHECK_REPORT_DIR:-ci-results/checks}/<check>-<pglite|postgres>.json` (with `details`), which the gate's summary prints.
 * `sentence` replaces the `name = value` list on that line where a check's line is worded (the sale views' matrix).
 */
export function reportCheck(
  check: string,
  dbKind: 'pglite' | 'postgres',
  figures: Record<string, number | string>,
  details: Record<string, unknown> = {},
  sentence?: string,
): void {
  const line =
    sentence ??
    Object.entries(figures)
      .map(([k, v]) => `${k} = ${v}`)
      .join(', ');
  console.log(`[check] ${check} (${dbKind}): ${line}`);
  const dir = process.env.CHECK_REPORT_DIR || 'ci-results/checks';
  mkdirSync(dir, { recursive: true });
  const record = {
    check,
    db: dbKind,
    ...figures,
    ...(sentence ? { line: sentence } : {}),
    at: new Date().toISOString(),
  };
  writeFileSync(
    path.join(dir, `${check.replace(/\s+/g, '-')}-${dbKind}.json`),
    `${JSON.stringify({ ...record, details }, null, 2)}\n`,
  );
}
