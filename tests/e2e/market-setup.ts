import { expect, type Page } from '@playwright/test';
/** The signed-in user's bearer token, from the stored session. */
export const tokenOf = (page: Page) =>
  page.evaluate(() => {
    const stored = Object.values(localStorage).find((v) => v.includes('"token"'));
    return stored ? (JSON.parse(stored) as { token: string }).token : '';
  });

/** Calls the API as the signed-in user (set-up the journey does not walk through). */
export async function api<T>(
  page: Page,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await page.request.fetch(`/api/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data;
}

/** A buy listing of the signed-in user (`token`) for `cardInfoId` at `price` cents, paid at the sandbox checkout. */
export async function fundBid(page: Page, token: string, cardInfoId: string, price: number): Promise<string> {
  const res = await page.request.fetch('/api/market/create', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-bid-${Date.now()}-${Math.random()}` },
    data: { sell_type: 1, kind: 'card', cardInfoId, price },
  });
  const created = (await res.json()) as {
    code: number;
    msg: string;
    data: { payUrl: string; listing: { id: string } };
  };
  expect(created.code, created.msg).toBe(200);
  await page.goto(created.data.payUrl);
  await page.getByRole('button', { name: '確認付款' }).click();
  await expect(page.getByText('付款成功')).toBeVisible();
  return created.data.listing.id;
}
