/*
 * Web Push in the service worker (issue 23, docs/decisions/038-notification-delivery.md). Plain JS, loaded into the
 * Workbox service worker with `importScripts('/sw-push.js')`. A push carries only {title, link}: the notification shows
 * the title, and a click focuses an open Trove window on the link (or opens one).
 */
/* global clients */

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' && data.title ? data.title : '寶庫通知';
  // Only app paths: a link elsewhere is never opened from a notification.
  const link = typeof data.link === 'string' && data.link.startsWith('/') && !data.link.startsWith('//') ? data.link : '/my/notifications';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: '按此查看',
      lang: 'zh-HK',
      icon: '/favicon.svg',
      data: { link },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = (event.notification.data && event.notification.data.link) || '/my/notifications';
  const target = new URL(link, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const open = await clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = open.find((c) => new URL(c.url).origin === self.location.origin);
      if (same) {
        await same.focus();
        if ('navigate' in same) return same.navigate(target);
        return undefined;
      }
      return clients.openWindow(target);
    })(),
  );
});
