/**
 * This browser's Web Push subscription (decision 038), through the service worker's registration. Nothing here asks
 * for permission by itself: `subscribe` is called from the 「開啟推送通知」 button's click only.
 */

/** Whether this browser can receive Web Push at all (an installed iPhone web app can; a plain iOS tab cannot). */
export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The service worker's registration, or null when none becomes ready within `ms` (none registered). */
async function registration(ms = 4000): Promise<ServiceWorkerRegistration | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), ms));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await registration(1500);
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** The VAPID key (base64url) as the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export type SubscribeOutcome =
  { ok: true; subscription: PushSubscription } | { ok: false; reason: 'denied' | 'no-worker' | 'failed' };

/** Asks for permission (this must run inside the user's click) and subscribes with the server's key. */
export async function subscribeBrowser(publicKey: string): Promise<SubscribeOutcome> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { ok: false, reason: 'denied' };
  const reg = await registration();
  if (!reg) return { ok: false, reason: 'no-worker' };
  try {
    const subscription = await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
    return { ok: true, subscription };
  } catch {
    return { ok: false, reason: 'failed' };
  }
}

/** 「Chrome · Android」: a short label of this device for the server (no version numbers). */
export function deviceLabel(ua = navigator.userAgent): string {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : '瀏覽器';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : '';
  return os ? `${browser} · ${os}` : browser;
}
