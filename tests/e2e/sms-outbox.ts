import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { toE164 } from '../../src/shared/phone';
import { E2E_SMS_OUTBOX } from './env';

interface Sent {
  to: string;
  body: string;
  at: string;
}

function messagesTo(phone: string): Sent[] {
  let text = '';
  try {
    text = readFileSync(E2E_SMS_OUTBOX, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Sent)
    .filter((m) => m.to === phone);
}

/** Waits for the n-th SMS to `phone` (E.164) and answers its body. */
export async function waitForSms(phone: string, count: number): Promise<string> {
  let body = '';
  await expect
    .poll(
      () => {
        const all = messagesTo(phone);
        body = all[count - 1]?.body ?? '';
        return all.length;
      },
      { message: `SMS number ${count} to ${phone}` },
    )
    .toBeGreaterThanOrEqual(count);
  return body;
}

export const codeIn = (body: string) => /(\d{6})/.exec(body)![1]!;
export const loginLinkIn = (body: string) => /(https?:\/\/\S+\/login\?token=[\w-]+)/.exec(body)![1]!;

/** A fresh, valid Hong Kong mobile number for one test run. */
export function freshHkMobile(): { national: string; e164: string } {
  for (;;) {
    const national = `9${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    const e164 = toE164(national, 'HK');
    // Not every 9xxxxxxx is an allocated mobile range: draw again until the app's own check accepts it.
    if (e164) return { national, e164 };
  }
}
