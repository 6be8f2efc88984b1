import { expect, type Page } from '@playwright/test';
import { hkidCheckDigit } from '../../src/shared/identity';
import { codeIn, freshHkMobile, waitForSms } from './sms-outbox';

export type Phone = { national: string; e164: string };

/** A valid HKID nobody else in this run has: one identity per account. */
export function freshHkid(): string {
  const letter = String.fromCharCode(65 + Math.floor(Math.random() * 26));
  const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  return `${letter}${digits}(${hkidCheckDigit(letter, digits)})`;
}

/** Registers a fresh number through the /register screen and lands on "/". */
export async function signUp(page: Page, nickname: string, phone: Phone = freshHkMobile()): Promise<Phone> {
  await page.goto('/register');
  await page.getByPlaceholder('手機號碼').fill(phone.national);
  await page.getByRole('button', { name: '獲取驗證碼' }).click();
  await page.getByPlaceholder('6 位數字驗證碼').fill(codeIn(await waitForSms(phone.e164, 1)));
  await page.getByLabel('暱稱').fill(nickname);
  await page.getByText('我已閱讀並同意').click();
  await page.getByRole('button', { name: '註冊' }).click();
  await expect(page).toHaveURL(/\/$/);
  return phone;
}

/** Logs out from /my and lands on /login. */
export async function logOut(page: Page): Promise<void> {
  await page.goto('/my');
  await page.getByRole('button', { name: '登出' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '登出' }).click();
  await expect(page).toHaveURL(/\/login$/);
}
