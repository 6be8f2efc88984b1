import { expect, type Page } from '@playwright/test';

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
