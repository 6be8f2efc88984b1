import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expectFocusVisible, tabTo } from './focus-checks';
import { activate, arrive, typeInto } from './keyboard';
import { E2E_AUX_PORT } from './env';
import { freshHkMobile } from './sms-outbox';

/**
 * Exchange codes in the browser. Codes are issued with the operator command, which needs the
 * database to itself (embedded PGlite is single-process), so this journey runs its own server:
 * start it once to seed the demo catalogue, stop it, issue codes with `npm run codes`'s code,
 * start it again.
 */
const PORT = E2E_AUX_PORT;
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.join(os.tmpdir(), `trove-e2e-collection-${PORT}`);
const OUTBOX = path.join(DATA_DIR, 'sms.jsonl');
// Playwright runs from the repository root.
const ROOT = process.cwd();

const { DATABASE_URL: _ignored, ...inherited } = process.env;
const env = {
  ...inherited,
  NODE_ENV: 'production',
  PORT: String(PORT),
  HOST: '127.0.0.1',
  PUBLIC_URL: BASE,
  DATA_DIR,
  SMS_PROVIDER: 'file',
  SMS_OUTBOX_FILE: OUTBOX,
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'true',
};

let server: ChildProcess | null = null;

async function startServer() {
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const proc = server;
  // Alone it answers within 15 s (fresh folder: migrations, demo catalogue, market and packs); beside the rest of the
  // gate on a 2-core machine, its browser part under `nice`, it has taken over 180 s (decision 046).
  await expect
    .poll(
      async () => {
        if (proc.exitCode !== null)
          throw new Error(`the journey's server exited with ${proc.exitCode} before it answered`);
        return fetch(`${BASE}/readyz`).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 420_000, intervals: [500] },
    )
    .toBe(200);
}

async function stopServer() {
  const proc = server;
  server = null;
  if (!proc || proc.exitCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill('SIGTERM');
  await exited;
}

function runCli(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const cli = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/codes.ts', ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    cli.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`codes ${args.join(' ')} exited with ${code}`)),
    );
  });
}

const codeIn = (file: string) => readFileSync(path.join(DATA_DIR, file), 'utf8').trim().split('\n')[1]!.split(',')[0]!;

function smsCodeTo(phone: string): string | null {
  try {
    const sent = readFileSync(OUTBOX, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { to: string; body: string });
    const body = sent.filter((m) => m.to === phone).at(-1)?.body;
    return body ? /(\d{6})/.exec(body)![1]! : null;
  } catch {
    return null;
  }
}

const SET = ['ci_cha_bun', 'ci_cha_tea', 'ci_cha_toast', 'ci_cha_yuenyeung', 'ci_cha_eggtart'];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(900_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  await startServer(); // migrates and seeds the demo catalogue
  await stopServer();
  await runCli(['create', '--card-info', 'ci_night_tram', '--count', '1', '--out', path.join(DATA_DIR, 'tram.csv')]);
  for (const id of SET)
    await runCli(['create', '--card-info', id, '--count', '1', '--out', path.join(DATA_DIR, `${id}.csv`)]);
  await runCli([
    'create',
    '--card-info',
    'ci_night_ferry',
    '--count',
    '1',
    '--out',
    path.join(DATA_DIR, 'keyboard.csv'),
  ]);
  await startServer();
});

test.afterAll(async () => {
  await stopServer();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

async function redeemSignedIn(page: Page, code: string) {
  await page.goto(`${BASE}/my/card`);
  await page.getByLabel('兌換碼').fill(code);
  await page.getByRole('button', { name: '兌換', exact: true }).click();
  await expect(page.getByText('兌換成功', { exact: true })).toBeVisible();
}

test('signed out: redeem a code with phone + SMS, land on "/" signed in, find the card; then exchange a set for the B card', async ({
  page,
}) => {
  const phone = freshHkMobile();
  const tram = codeIn('tram.csv');

  await page.goto(`${BASE}/my/card`);
  await expectNoAxeViolations(page, '/my/card');
  // A typo is caught by the check character before anything is sent.
  await page.getByLabel('兌換碼').fill(tram.slice(0, -1) + (tram.endsWith('0') ? '1' : '0'));
  await expect(page.getByText('兌換碼有誤，請檢查後再輸入')).toBeVisible();
  await expect(page.getByRole('button', { name: '兌換並登入' })).toBeDisabled();
  await page.getByLabel('兌換碼').fill(tram.toLowerCase());
  await expect(page.getByText('兌換碼格式正確')).toBeVisible();
  await expectNoAxeViolations(page, '/my/card 兌換碼正確');

  await page.getByPlaceholder('手機號碼').fill(phone.national);
  await page.getByRole('button', { name: '獲取驗證碼' }).click();
  await expect.poll(() => smsCodeTo(phone.e164)).not.toBeNull();
  await page.getByPlaceholder('6 位數字驗證碼').fill(smsCodeTo(phone.e164)!);
  await page.getByRole('button', { name: '兌換並登入' }).click();
  await expect(page).toHaveURL(`${BASE}/`);
  expect(await page.evaluate(() => Object.values(localStorage).some((v) => v.includes('"token"')))).toBe(true);

  await page.goto(`${BASE}/my/collection`);
  await expectNoAxeViolations(page, '/my/collection');
  await page.getByRole('button', { name: /叮叮電車 #0001\/1000/ }).click();
  await expect(page.getByText('由兌換碼發行給')).toBeVisible();
  await expectNoAxeViolations(page, '/my/collection 卡牌詳情');

  // The same code again is refused with the client's failure toast.
  await page.goto(`${BASE}/my/card`);
  await page.getByLabel('兌換碼').fill(tram);
  await page.getByRole('button', { name: '兌換', exact: true }).click();
  await expect(page.getByText('此兌換碼已被使用或已失效')).toBeVisible();

  // Complete 茶餐廳傳奇 and exchange it for its B card.
  for (const id of SET) await redeemSignedIn(page, codeIn(`${id}.csv`));
  await page.goto(`${BASE}/my/theme`);
  const theme = page.locator('article', { hasText: '茶餐廳傳奇' });
  await expect(theme.getByText('已收集 5 / 5')).toBeVisible();
  await expectNoAxeViolations(page, '/my/theme');
  await theme.getByRole('button', { name: '兌換 B 卡' }).click();
  const dialog = page.locator('.adm-dialog');
  await expect(dialog.getByText('以下 5 張卡牌會被消耗')).toBeVisible();
  await expect(dialog.getByText('「菠蘿油」#0513/1000')).toBeVisible();
  await expectNoAxeViolations(page, '/my/theme 兌換確認');
  await dialog.getByRole('button', { name: '確認兌換' }).click();
  await expect(page.getByText(/兌換成功，獲得「冰室招牌」#0001\/200/)).toBeVisible();

  await page.goto(`${BASE}/my/theme?status=1`);
  await expect(page.getByText(/兌換 B 卡「冰室招牌」#0001\/200/)).toBeVisible();
  await expectNoAxeViolations(page, '/my/theme?status=1');
  await page.goto(`${BASE}/my/rights`);
  await expect(page.getByText('週年紀念禮品')).toBeVisible();
  await expect(page.getByRole('button', { name: /冰室招牌 #0001\/200/ })).toBeVisible();
  await expectNoAxeViolations(page, '/my/rights');
});

test('keyboard only: redeem a code signed out with phone + SMS, then a used code is refused out loud', async ({
  page,
}) => {
  const phone = freshHkMobile();
  const code = codeIn('keyboard.csv');

  await arrive(page, `${BASE}/my/card`);
  await typeInto(page, page.getByLabel('兌換碼'), code);
  await expect(page.getByText('兌換碼格式正確')).toBeVisible();
  await typeInto(page, page.getByPlaceholder('手機號碼'), phone.national);
  await activate(page, page.getByRole('button', { name: '獲取驗證碼' }));
  // The button counts down disabled: focus moves on to the code field.
  await expect(page.getByPlaceholder('6 位數字驗證碼')).toBeFocused();
  await expect.poll(() => smsCodeTo(phone.e164)).not.toBeNull();
  await page.keyboard.type(smsCodeTo(phone.e164)!);
  await expectFocusVisible(page, 'the SMS code typed');
  await activate(page, page.getByRole('button', { name: '兌換並登入' }));
  await expect(page).toHaveURL(`${BASE}/`);

  // Signed in now: the same code again fails, and the failure toast reaches the live region.
  await arrive(page, `${BASE}/my/card`);
  await typeInto(page, page.getByLabel('兌換碼'), code);
  await tabTo(page, page.getByRole('button', { name: '兌換', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.locator('#app-announcer')).toHaveAttribute('data-announced', '此兌換碼已被使用或已失效');
  await expect(page.locator('#app-announcer')).toHaveAttribute('role', 'status');
});
