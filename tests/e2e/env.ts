import os from 'node:os';
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);
export const E2E_DATA_DIR = path.join(os.tmpdir(), `trove-e2e-${E2E_PORT}`);
export const E2E_SMS_OUTBOX = path.join(os.tmpdir(), `trove-e2e-${E2E_PORT}-sms.jsonl`);

/** The operator of the browser tests: ADMIN_PHONES names this number, so its account is an admin. */
export const E2E_OPERATOR = { national: '51234567', e164: '+85251234567' };
