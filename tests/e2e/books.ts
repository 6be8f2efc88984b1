import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reconcile, TrialBalance } from '../../src/shared/schemas/admin-ledger';
import { E2E_A11Y_OPERATOR_FILE, E2E_PORT } from './env';

/**
 * The books after every journey (issue 19): the trial balance of the run's database totals 0 and reconciliation finds
 * no paid pay order without its postings, nor a posting without its order. Read by the global teardown through the
 * back office's calls, with the accessibility sweep's operator; prints `[check] books: …`, writes books.json, throws
 * when either is off. Without that operator (the sweep did not run) it says so and checks nothing.
 */
export async function reportBooks(): Promise<void> {
  if (!existsSync(E2E_A11Y_OPERATOR_FILE)) {
    console.log('[check] books: not read (no operator session: the back-office sweep did not run)');
    return;
  }
  const { token } = JSON.parse(readFileSync(E2E_A11Y_OPERATOR_FILE, 'utf8')) as { token: string };
  const get = async <T>(call: string): Promise<T | null> => {
    const res = await fetch(`http://127.0.0.1:${E2E_PORT}/api/admin/ledger/${call}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { code: number; msg: string; data: T };
    // An earlier run's session (this run's sweep did not sign in): a token the server does not know signs out (403).
    if (body.code === 401 || body.code === 403) return null;
    if (body.code !== 200) throw new Error(`admin/ledger/${call}: ${body.code} ${body.msg}`);
    return body.data;
  };
  const [balance, reconcile] = await Promise.all([get<TrialBalance>('trialBalance'), get<Reconcile>('reconcile')]);
  if (!balance || !reconcile) {
    console.log(
      "[check] books: not read (the operator session is an earlier run's: the back-office sweep did not run)",
    );
    return;
  }
  const figures = {
    'trial balance total (cents)': balance.total,
    accounts: balance.accounts.reduce((n, a) => n + a.accounts, 0),
    'reconciliation exceptions': reconcile.exceptions.length,
  };
  const dir = process.env.CHECK_REPORT_DIR ?? 'ci-results/checks';
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'books.json'),
    `${JSON.stringify({ check: 'books after the journeys', db: 'pglite', ...figures, details: reconcile.exceptions }, null, 2)}\n`,
  );
  console.log(
    `[check] books after the journeys: ${Object.entries(figures)
      .map(([k, v]) => `${k} = ${v}`)
      .join(', ')}`,
  );
  if (balance.total !== 0 || reconcile.exceptions.length > 0)
    throw new Error(
      `the books are off after the journeys: ${JSON.stringify(figures)} ${JSON.stringify(reconcile.exceptions).slice(0, 2000)}`,
    );
}
