import { expect, test } from '@playwright/test';
import { formatExchangeCode } from '../../src/shared/exchange-code';
import { expectNoAxeViolations } from './axe';
import { CHROMIUM, E2E_QR_CODE, E2E_QR_VIDEO } from './env';

// A camera that films a printed pack's QR code (Chromium's fake capture device playing qr-video.ts's file).
test.use({
  launchOptions: {
    ...CHROMIUM,
    args: [
      ...CHROMIUM.args,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${E2E_QR_VIDEO}`,
    ],
  },
  permissions: ['camera'],
});

test('scan a pack QR code on a browser without BarcodeDetector: the polyfill reads it into /my/card', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/my/card');
  // Debian's Chromium, like iPhone Safari and Firefox, has no BarcodeDetector of its own.
  expect(await page.evaluate(() => 'BarcodeDetector' in window)).toBe(false);

  const wasm = page.waitForResponse((r) => r.url().endsWith('.wasm'));
  await page.getByRole('button', { name: '掃描 QR 碼' }).click();
  // The reader is fetched only now, from this app.
  const reader = await wasm;
  expect(new URL(reader.url()).origin).toBe(new URL(page.url()).origin);
  expect(reader.headers()['content-type']).toContain('application/wasm');

  await expect(page.getByRole('textbox', { name: '兌換碼' })).toHaveValue(formatExchangeCode(E2E_QR_CODE), {
    timeout: 20_000,
  });
  await expect(page.getByText('兌換碼格式正確')).toBeVisible();
  await expect(page.getByRole('dialog', { name: '掃描兌換碼' })).toBeHidden();
  await expectNoAxeViolations(page, '/my/card 掃描後');
  expect(errors, 'no console errors (a Content-Security-Policy refusal of WebAssembly would show here)').toEqual([]);
});
