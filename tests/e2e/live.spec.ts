import { expect, test } from '@playwright/test';
import { signUp } from './session';

/** The number in a fact's value (`438 件` → 438). */
const count = (text: string) => Number(/\d+/.exec(text)?.[0] ?? NaN);

test('a product’s remaining stock moves on an open screen when someone else orders it, without moving the layout', async ({
  page,
  browser,
}) => {
  const streamed = page.waitForResponse((r) => r.url().includes('/api/stream?topics=product%3Aprd_sleeves'));
  await page.goto('/mall/goodsDetail?id=prd_sleeves');
  const left = page.locator('.fact', { hasText: '尚餘' }).locator('dd');
  await expect(left).toHaveText(/^\d+ 件$/);
  const before = count(await left.innerText());
  const box = await page.locator('dl.facts').boundingBox();
  // The stream is open (its answer's headers came).
  expect((await streamed).status()).toBe(200);

  const buyer = await (await browser.newContext()).newPage();
  await signUp(buyer, '即時買家');
  const status = await buyer.evaluate(async () => {
    const token = (JSON.parse(localStorage.getItem('trove.session') ?? '{}') as { token?: string }).token;
    const res = await fetch('/api/payOrder/create', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({ type: 'product', productId: 'prd_sleeves', quantity: 1 }),
    });
    return res.status;
  });
  expect(status).toBe(200);

  // No reload: the stream brings the new count (other journeys may buy sleeves too, so "fewer", not "one fewer").
  await expect.poll(async () => count(await left.innerText())).toBeLessThan(before);
  expect(await page.locator('dl.facts').boundingBox()).toEqual(box);
  await buyer.context().close();
});
