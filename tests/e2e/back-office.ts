import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { E2E_SMS_OUTBOX } from './env';
import type { Phone } from './session';

/** The back office is a desktop app: its journeys run at 1280×800. */
export const DESKTOP = { width: 1280, height: 800 };

export async function desktopPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: DESKTOP,
    locale: 'zh-HK',
    timezoneId: 'Asia/Hong_Kong',
    acceptDownloads: true,
  });
  return context.newPage();
}

function smsTo(phone: string): string[] {
  try {
    return readFileSync(E2E_SMS_OUTBOX, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { to: string; body: string })
      .filter((m) => m.to === phone)
      .map((m) => m.body);
  } catch {
    return [];
  }
}

/** Runs `send`, then answers the 6-digit code of the SMS it made (counted, so earlier messages never match). */
export async function codeAfter(phone: string, send: () => Promise<unknown>): Promise<string> {
  const before = smsTo(phone).length;
  await send();
  await expect.poll(() => smsTo(phone).length, { message: `a new SMS to ${phone}` }).toBeGreaterThan(before);
  return /(\d{6})/.exec(smsTo(phone).at(-1)!)![1]!;
}

/** Registers an operator's number through the API (ADMIN_PHONES makes it an admin at sign-in); answers the session token. */
export async function registerOperator(request: APIRequestContext, phone: Phone, nickname: string): Promise<string> {
  const code = await codeAfter(phone.e164, async () =>
    expect((await request.post('/api/sms/send', { data: { phone: phone.e164, purpose: 'register' } })).status()).toBe(
      200,
    ),
  );
  const res = await request.post('/api/user/register', {
    data: { phone: phone.e164, code, nickname, agreePrivacy: true },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { token: string; authority: string[] } };
  expect(body.data.authority).toContain('admin');
  return body.data.token;
}

/** Signs in on /admin/login with phone + SMS code, as an operator would; audits the sign-in screen. */
export async function signInBackOffice(page: Page, phone: Phone): Promise<void> {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { name: 'Trove 寶庫 後台' })).toBeVisible();
  await expectNoAxeViolations(page, '/admin/login');
  await page.getByLabel('手機號碼').fill(phone.national);
  const code = await codeAfter(phone.e164, () => page.getByRole('button', { name: '獲取驗證碼' }).click());
  await page.getByLabel('驗證碼').fill(code);
  await page.getByRole('button', { name: '登入' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
}

/** The token the back office keeps (its own key, apart from the mobile app's). */
export async function backOfficeToken(page: Page): Promise<string> {
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem('trove.admin.session') ?? '{}') as { token: string }).token,
  );
}

/** A small real PNG (a colour gradient), so the server's image pipeline has something to convert. */
export function pngImage(width = 48, height = 32): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) row.set([(x * 5) % 256, (y * 7) % 256, 160], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Picks an option of an antd Select by its label text (typed, then chosen from the list). */
export async function choose(page: Page, label: string | RegExp, option: string): Promise<void> {
  const box = page.getByRole('dialog').getByRole('combobox', { name: label });
  await box.click();
  await box.fill(option);
  const dropdown = page.locator('.ant-select-dropdown:visible');
  // The server's search (refine's useSelect) answers after a pause; until then the list shows the options from before,
  // and a click there can land on a row being replaced: nothing chosen and the list left open (a flaky gate run).
  await expect
    .poll(async () => {
      const texts = await dropdown.locator('.ant-select-item-option').allTextContents();
      return texts.length > 0 && texts.every((t) => t.includes(option));
    })
    .toBe(true);
  await dropdown.getByText(option, { exact: true }).first().click();
  // Chosen, the list closes (axe would read an open one).
  await expect(dropdown).toHaveCount(0);
}

/** Types a time into an antd DatePicker (YYYY-MM-DD HH:mm) and confirms it. */
export async function pickTime(page: Page, label: string, value: string): Promise<void> {
  const input = page.getByRole('dialog').getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

/** Waits until antd's messages have faded out (axe would read a half-transparent one). */
export async function messagesGone(op: Page): Promise<void> {
  await expect(op.locator('.ant-message-notice')).toHaveCount(0, { timeout: 15_000 });
}

/** Waits until antd's dialog has finished zooming in (axe would read the page through a half-faded mask). */
export async function dialogSettled(op: Page): Promise<void> {
  await expect(
    op.locator(
      '.ant-modal-root .ant-zoom-appear, .ant-modal-root .ant-zoom-enter, .ant-modal-root .ant-fade-appear, .ant-modal-root .ant-fade-enter',
    ),
  ).toHaveCount(0);
}

/** Opens a back-office screen from the menu, as an operator moves around. */
export async function openScreen(op: Page, menu: string, path: string): Promise<void> {
  await op.getByRole('menuitem', { name: menu }).click();
  await expect(op).toHaveURL(new RegExp(`/admin${path === '/' ? '/?' : path}$`));
}
