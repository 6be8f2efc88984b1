import { createPublicKey, verify } from 'node:crypto';
import { expect, type BrowserContext, type Page } from '@playwright/test';

/** Where the page's stand-in subscription keeps the `applicationServerKey` the app subscribed with (base64url). */
const SUBSCRIBED_KEY = 'e2e-push-application-server-key';

/**
 * The browser's push subscription, pointed at the test's fake push service (decision 038).
 *
 * Which part is stood in for, and why: Chromium refuses `pushManager.subscribe` in Playwright's contexts (incognito:
 * "Registration failed - permission denied"), and in a persistent profile it waits on FCM, which the test machine
 * cannot reach; and a real FCM endpoint would not lead to the fake service anyway. So only `PushManager`'s subscribe
 * and getSubscription are replaced, in the page: they hand the app a subscription whose endpoint is the fake service
 * and whose keys are the test's (`browserKeys()`, so the test can decrypt what arrives), after the same permission
 * check the real one makes. Everything else is the app's own path: the 「開啟推送通知」 click asks for the permission
 * (granted here through the context), waits for the real service worker's registration, subscribes with the key of
 * `push/key` and posts the subscription to `push/subscribe`; the server's delivery job then sends to it over HTTP.
 */
export async function useFakePushSubscription(
  context: BrowserContext,
  origin: string,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  await context.grantPermissions(['notifications'], { origin });
  await context.addInitScript(
    ({ sub, storeKey }) => {
      const base64url = (bytes: Uint8Array) =>
        btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      const made = () => ({
        endpoint: sub.endpoint,
        expirationTime: null,
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: async () => {
          localStorage.removeItem(storeKey);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        if (Notification.permission !== 'granted')
          throw new DOMException('Registration failed - permission denied', 'NotAllowedError');
        const key = options?.applicationServerKey ?? '';
        const bytes = (k: BufferSource) =>
          k instanceof ArrayBuffer ? new Uint8Array(k) : new Uint8Array(k.buffer, k.byteOffset, k.byteLength);
        localStorage.setItem(storeKey, typeof key === 'string' ? key : base64url(bytes(key)));
        return made() as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return (localStorage.getItem(storeKey) ? made() : null) as unknown as PushSubscription | null;
      };
    },
    { sub: subscription, storeKey: SUBSCRIBED_KEY },
  );
}

/** The `applicationServerKey` the app subscribed with, as base64url (null before it subscribed). */
export const subscribedKey = (page: Page) =>
  page.evaluate((storeKey) => localStorage.getItem(storeKey), SUBSCRIBED_KEY);

/**
 * Checks a push's `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292): `k` is the server's public key, the JWT is
 * ES256-signed by it, its audience is the push service's origin, it expires within a day, and it names a contact.
 */
export function expectVapid(authorization: string | undefined, publicKey: string, audience: string): void {
  const parts = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  expect(parts, `VAPID header: ${authorization}`).not.toBeNull();
  const [, header, claims, signature, k] = parts!;
  expect(k).toBe(publicKey);
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(signed, 'the VAPID JWT is signed with the key of push/key').toBe(true);
  const read = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  expect(read(header!)).toMatchObject({ alg: 'ES256' });
  const jwt = read(claims!) as { aud: string; exp: number; sub: string };
  expect(jwt.aud).toBe(audience);
  const now = Date.now() / 1000;
  expect(jwt.exp).toBeGreaterThan(now);
  expect(jwt.exp).toBeLessThanOrEqual(now + 24 * 3600);
  expect(jwt.sub).toMatch(/^(mailto:\S+@\S+|https:\/\/\S+)$/);
}

/**
 * Hands `data` (what the push service received, decrypted) to the page's service worker as a push message, through
 * DevTools (what Chromium would do on the push service's delivery), and answers the notifications it then shows.
 * Chromium drops a DevTools delivery that lands while it is still starting the stopped worker (a CI run under load
 * showed nothing in 10 s), so an unanswered delivery is made again, up to three times; what is shown is answered
 * once per distinct notification, since a late first delivery may show beside the second.
 */
export async function deliverToWorker(page: Page, data: string) {
  const origin = new URL(page.url()).origin;
  const cdp = await page.context().newCDPSession(page);
  // The latest word on each registration: an update that deletes one comes as a new event for the same id.
  const registrations = new Map<string, { scopeURL: string; isDeleted: boolean }>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
    for (const r of e.registrations) registrations.set(r.registrationId, r);
  });
  await cdp.send('ServiceWorker.enable');
  const live = () => [...registrations].find(([, r]) => !r.isDeleted && r.scopeURL === `${origin}/`)?.[0];
  await expect.poll(() => live() !== undefined).toBe(true);
  const shown = async () => {
    const all = await page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        lang: n.lang,
        data: n.data as unknown,
      })),
    );
    return [...new Map(all.map((n) => [JSON.stringify(n), n])).values()];
  };
  for (let attempt = 1; ; attempt += 1) {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: live()!, data });
    try {
      await expect.poll(async () => (await shown()).length).toBeGreaterThan(0);
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  await cdp.detach();
  return shown();
}
