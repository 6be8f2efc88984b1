import os from 'node:os';
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);
export const E2E_DATA_DIR = path.join(os.tmpdir(), `trove-e2e-${E2E_PORT}`);
export const E2E_SMS_OUTBOX = path.join(os.tmpdir(), `trove-e2e-${E2E_PORT}-sms.jsonl`);
/** One line per axe-core audit of this run (tests/e2e/axe.ts), summed up by the global teardown. */
export const E2E_AXE_LOG = path.join(os.tmpdir(), `trove-e2e-${E2E_PORT}-axe.jsonl`);
