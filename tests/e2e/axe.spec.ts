import { expect, test } from '@playwright/test';
import { runAxe, settled } from './axe';

// The audit every journey relies on finds what it is there to find: a picture with no text and a nameless button,
// planted on a real screen, are reported; the screen without them is not.
test('axe audit: reports a planted violation and nothing on the screen without it', async ({ page }) => {
  await page.goto('/mall');
  await settled(page);
  expect((await runAxe(page)).violations.map((v) => v.id)).toEqual([]);
  await page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    main.insertAdjacentHTML('beforeend', '<img src="/favicon.ico"><button type="button"></button>');
  });
  const ids = (await runAxe(page)).violations.map((v) => v.id);
  expect(ids).toEqual(expect.arrayContaining(['image-alt', 'button-name']));
});
