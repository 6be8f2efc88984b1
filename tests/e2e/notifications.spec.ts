import { expect, test } from '@playwright/test';
import {
  browserKeys,
  decryptPush,
  startFakePushService,
  type FakePushService,
} from '../../src/server/testing/fake-push-service';
import { expectNoAxeViolations } from './axe';
import { CHROMIUM_BROWSER, E2E_PUSH_PORT } from './env';
import { api, paySandbox, readyBuyer, readySeller, tokenOf } from './market-setup';
import { deliverToWorker, expectVapid, subscribedKey, useFakePushSubscription } from './push-device';

// The seller's device receives Web Push: the service worker it is delivered to must run (the others block it), in the
// whole browser (the headless shell has no Push API: its 開啟推送通知 stays disabled).
test.use({ serviceWorkers: 'allow', launchOptions: CHROMIUM_BROWSER });

// A push service over real HTTP, on the port the e2e server lists in PUSH_SERVICE_ORIGINS (playwright.config.ts).
let pushService: FakePushService;
test.beforeAll(async () => {
  pushService = await startFakePushService(E2E_PUSH_PORT);
});
test.afterAll(async () => {
  await pushService?.close();
});

test('notifications: a buyer buys a seller’s listing; the seller sees the bell’s badge and 已售出, gets its push, opens it, and sets channels', async ({
  page: seller,
  browser,
  baseURL,
}) => {
  const tag = String(Date.now()).slice(-5);
  // The seller's device: its subscription's endpoint is the fake push service, its keys the test's (push-device.ts).
  const device = browserKeys();
  const endpointPath = `/push/seller-${tag}`;
  await useFakePushSubscription(seller.context(), baseURL!, {
    endpoint: `${pushService.origin}${endpointPath}`,
    keys: device.keys,
  });

  // The seller owns a card (bought in the mall), is verified and has a payout account.
  await readySeller(seller, `通知賣家${tag}`);

  // Reading what came so far (付款成功 of the mall order) empties the badge.
  const token = await tokenOf(seller);
  await api(seller, token, 'POST', 'notification/read', { all: true });

  // The seller turns push on for this device on /my/notify: a click, once the service worker controls the page.
  await seller.goto('/my/notify');
  await seller.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await seller.getByRole('button', { name: '開啟推送通知' }).click();
  await expect(seller.getByRole('button', { name: '關閉推送通知' })).toBeVisible();
  const { publicKey } = await api<{ publicKey: string }>(seller, token, 'GET', 'push/key');
  expect(await subscribedKey(seller), 'the browser subscribed with the server’s VAPID key').toBe(publicKey);
  const cards = await api<{ id: string; status: string }[]>(seller, token, 'GET', 'card/collection?page=1&pageSize=50');
  const card = cards.find((c) => c.status === 'held') ?? cards[0]!;
  const listed = await api<{ listing: { id: string } }>(seller, token, 'POST', 'market/create', {
    sell_type: 0,
    kind: 'card',
    itemId: card.id,
    price: 12_000,
  });
  // The buyer buys it through the sandbox checkout.
  const buyer = await readyBuyer(browser, `通知買家${tag}`);
  await buyer.goto(`/mall/pay?listingId=${listed.listing.id}`);
  await buyer.getByRole('radio', { name: '模擬付款' }).check();
  // The seller's page opens now: its bell asks the count once, then only every 60 s (or on the stream's word).
  await seller.goto('/my');
  await expect(seller.getByRole('link', { name: '通知', exact: true }).first()).toBeVisible();
  const sellerOpened = Date.now();
  await buyer.getByRole('button', { name: '確認付款' }).click();
  await paySandbox(buyer);
  // The buyer's own bell counts their 付款成功.
  await buyer.reload();
  await expect(buyer.getByRole('link', { name: /^通知，\d+ 則未讀$/ })).toBeVisible();

  // The seller, without a reload, sees the badge on the bell and on 我的: the stream tells the page of the new
  // notification (decision 037) well before the bell's 60 s poll would.
  const bell = seller.getByRole('link', { name: '通知，1 則未讀' });
  await expect(bell).toBeVisible({ timeout: 20_000 });
  expect(Date.now() - sellerOpened, 'the badge came before the bell’s first poll, so from the stream').toBeLessThan(
    60_000,
  );
  await expect(
    seller.getByRole('navigation', { name: '主選單' }).getByRole('link', { name: /我的.*1 則未讀通知/ }),
  ).toBeVisible();
  await bell.click();
  await expect(seller).toHaveURL(/\/my\/notifications$/);
  const list = seller.getByRole('list', { name: '通知' });
  const sold = list.getByRole('button', { name: /^未讀：\s*已售出.*實收 HK\$114\.00$/ });
  await expect(sold).toBeVisible();
  await expectNoAxeViolations(seller, '/my/notifications');
  await seller.getByRole('group', { name: '顯示' }).getByRole('button', { name: '未讀', exact: true }).click();
  await expect(
    seller.getByRole('group', { name: '顯示' }).getByRole('button', { name: '未讀', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // The push service got the push (the delivery job sends every 3 s): VAPID-signed with the key of push/key,
  // encrypted for this device, and, decrypted, the title and the link and nothing else.
  await expect.poll(() => pushService.to(endpointPath).length, { timeout: 30_000 }).toBeGreaterThan(0);
  const [push] = pushService.to(endpointPath);
  expectVapid(push!.authorization, publicKey, pushService.origin);
  expect(push!.contentEncoding).toBe('aes128gcm');
  expect(push!.topic).toMatch(/^[\w-]{32}$/);
  const payload = decryptPush(push!.body, device);
  expect(JSON.parse(payload)).toEqual({ title: '已售出', link: '/my/market?side=sell&view=ended' });
  // Delivered to the app's service worker, it shows 已售出 (public/sw-push.js) with its link.
  expect(await deliverToWorker(seller, payload)).toEqual([
    { title: '已售出', body: '按此查看', lang: 'zh-HK', data: { link: '/my/market?side=sell&view=ended' } },
  ]);

  // Opening it marks it read and goes to its screen; the badge is gone.
  await sold.click();
  await expect(seller).toHaveURL(/\/my\/market\?side=sell&view=ended$/);
  await expect(seller.getByRole('link', { name: '通知', exact: true })).toBeVisible();

  // Channels: 短訊 is offered for 已售出, not for 付款成功.
  await seller.goto('/my/notify');
  await expect(seller.getByRole('button', { name: '關閉推送通知' })).toBeVisible();
  const sms = seller.getByRole('switch', { name: '已售出：短訊' });
  await expect(sms).not.toBeChecked();
  await expect(seller.getByRole('switch', { name: '付款成功：短訊' })).toHaveCount(0);
  await sms.check();
  await expect(sms).toBeChecked();
  await expectNoAxeViolations(seller, '/my/notify');
  await seller.reload();
  await expect(seller.getByRole('switch', { name: '已售出：短訊' })).toBeChecked();

  // Exactly one push came, the 已售出 one: nothing else was pushed to this device, and no second send of it.
  expect(pushService.requests).toHaveLength(1);
});
