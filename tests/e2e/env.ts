import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withCheckCharacter } from '../../src/shared/exchange-code';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);
/** This run is the CSS order check's (`npm run check:css-order`): its own build, spec, results; no axe audits. */
export const CSS_ORDER_RUN = process.env.TROVE_CSS_SOURCES === '1';
/** The port of the second server collection.spec.ts runs (codes need the database to themselves). */
export const E2E_AUX_PORT = Number(process.env.E2E_AUX_PORT ?? E2E_PORT + 11);
/** The fake push service notifications.spec.ts runs: the e2e server may send to it (PUSH_SERVICE_ORIGINS). */
export const E2E_PUSH_PORT = Number(process.env.E2E_PUSH_PORT ?? E2E_PORT + 12);
export const E2E_DATA_DIR = path.join(os.tmpdir(), `trove-e2e-${E2E_PORT}`);
export const E2E_SMS_OUTBOX = path.join(os.tmpdir(), `trove-e2e-${E2E_PORT}-sms.jsonl`);
/** One line per axe-core audit of this run (tests/e2e/axe.ts), summed up by the global teardown. */
export const E2E_AXE_LOG = path.join(os.tmpdir(), `trove-e2e-${E2E_PORT}-axe.jsonl`);
/** The accessibility sweep's operator session (a11y-sweep.ts), which the global teardown also reads the books with. */
export const E2E_A11Y_OPERATOR_FILE = path.join(os.tmpdir(), `trove-e2e-${E2E_PORT}-a11y-operator.json`);
/** A fake camera's video: one QR code (written by the global setup, see qr-video.ts). */
export const E2E_QR_VIDEO = path.join(os.tmpdir(), `trove-e2e-${E2E_PORT}-qr.y4m`);
/** What the QR code in that video holds: a printed pack's link to /my/card with its code. */
export const E2E_QR_CODE = withCheckCharacter('7K3MQ2ZX9A8BC4DE');
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Debian's whole Chromium: the one journey whose page must have the Push API (notifications.spec.ts) launches it. */
export const CHROMIUM_BROWSER = { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS };
/**
 * Debian's Chromium headless shell (package chromium-headless-shell: the same Blink and V8 without the browser's own
 * windows), as every other journey launches it: the whole run alone in 28 % less CPU (decision 048). Where it is not
 * installed, the whole browser.
 */
export const CHROMIUM = fs.existsSync('/usr/bin/chromium-headless-shell')
  ? { executablePath: '/usr/bin/chromium-headless-shell', args: CHROMIUM_ARGS }
  : CHROMIUM_BROWSER;
/** The operator of the browser tests: ADMIN_PHONES names this number, so its account is an admin. */
export const E2E_OPERATOR = { national: '51234567', e164: '+85251234567' };
/** The back office's journey (admin.spec.ts) and its axe audit (a11y.spec.ts): operators of their own, so SMS cooldowns never meet. */
export const E2E_BACK_OFFICE_OPERATOR = { national: '51234568', e164: '+85251234568' };
export const E2E_A11Y_OPERATOR = { national: '51234569', e164: '+85251234569' };
/** The back office's keyboard-only journey (admin-keyboard.spec.ts). */
export const E2E_KEYBOARD_OPERATOR = { national: '51234570', e164: '+85251234570' };
/** The operator who ships and delivers in the trader's desk journey (desk.spec.ts). */
export const E2E_DESK_OPERATOR = { national: '51234571', e164: '+85251234571' };
/** The operator who makes the code that starts a theme in the set-completion journey (set-purchase.spec.ts). */
export const E2E_SET_OPERATOR = { national: '51234581', e164: '+85251234581' };
/** The operator who sets up and closes a pack series in the packs journey (packs.spec.ts). */
export const E2E_PACKS_OPERATOR = { national: '51234580', e164: '+85251234580' };
/** The operator who puts a hot drop on sale in the waiting-room journey (queue.spec.ts). */
export const E2E_QUEUE_OPERATOR = { national: '51234572', e164: '+85251234572' };
/** The operator of the live drop view's check (live-drops.spec.ts, decision 045). */
export const E2E_LIVE_DROP_OPERATOR = { national: '51234582', e164: '+85251234582' };
/** The operator who refunds a paid mall order in the refunds journey (refunds.spec.ts, decision 050). */
export const E2E_REFUND_OPERATOR = { national: '51234590', e164: '+85251234590' };
