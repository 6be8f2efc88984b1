import { newId } from '../../adapters/ids';
import type { PushSender } from '../../adapters/push/push';
import type { Deps } from '../../deps';
import { invalid, notFound } from '../../errors';
import type {
  PushKey,
  PushSubscribeBody,
  PushSubscriptionView,
  PushUnsubscribeBody,
} from '../../../shared/schemas/push';
import type { Actor } from '../auth/auth.service';
import { createPushSubscriptionsRepository, type PushSubscriptionsRepository } from './push-subscriptions.repository';

/** The push services browsers subscribe through (Chrome/Edge/Opera/Samsung, Firefox, Windows, Safari). */
const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];

/**
 * Whether the server may send to this endpoint: https on a known push service, or on an origin the operator listed
 * (PUSH_SERVICE_ORIGINS: the browser journeys' fake push service); outside production also a fake push service on
 * 127.0.0.1 (tests, local tries). The server POSTs to it, so it is never a user's free choice of URL.
 */
export function endpointAllowed(endpoint: string, production: boolean, listed: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (listed.includes(url.origin)) return true;
  if (!production && url.hostname === '127.0.0.1' && ['http:', 'https:'].includes(url.protocol)) return true;
  if (url.protocol !== 'https:') return false;
  return PUSH_SERVICE_HOSTS.some((h) => url.hostname === h || url.hostname.endsWith(`.${h}`));
}

/** A device's subscriptions beyond this many, oldest first, are dropped on the next subscribe. */
export const PUSH_DEVICES_MAX = 10;

/** Web Push subscriptions (issue 23, docs/decisions/038-notification-delivery.md): each user's own devices only. */
export function createPushService(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  sender: Pick<PushSender, 'publicKey'>,
  repo: PushSubscriptionsRepository = createPushSubscriptionsRepository(),
) {
  return {
    /** The public VAPID key the browser subscribes with. */
    key(): PushKey {
      return { publicKey: sender.publicKey };
    },

    /** Saves this device's subscription for the caller (a device another account had moves to the caller). */
    async subscribe(actor: Actor, body: PushSubscribeBody): Promise<PushSubscriptionView> {
      const endpoint = body.endpoint.trim();
      if (!endpointAllowed(endpoint, deps.config.NODE_ENV === 'production', deps.config.PUSH_SERVICE_ORIGINS))
        throw invalid('此瀏覽器的推送服務不受支援，請改用 Chrome、Edge、Firefox 或 Safari');
      const row = await deps.db.transaction(async (tx) => {
        const saved = await repo.upsert(tx, {
          id: newId('psub'),
          userId: actor.userId,
          endpoint,
          p256dh: body.keys.p256dh.trim(),
          auth: body.keys.auth.trim(),
          userAgent: body.userAgent?.trim() || '瀏覽器',
          createdAt: deps.clock.now(),
          lastSuccessAt: null,
        });
        const own = await repo.ofUser(tx, actor.userId);
        for (const old of own.filter((s) => s.id !== saved.id).slice(0, Math.max(0, own.length - PUSH_DEVICES_MAX)))
          await repo.delete(tx, old.id);
        return saved;
      });
      return { id: row.id, userAgent: row.userAgent, createdAt: row.createdAt.toISOString() };
    },

    /**
     * Drops the caller's own subscription, by this browser's endpoint or by id. None of theirs (never made, dropped
     * already, or another user's) is not found, never a 200 that removed nothing (PRODUCT.md §4.1.6: 404, not 403).
     */
    async unsubscribe(actor: Actor, body: PushUnsubscribeBody): Promise<{ removed: number }> {
      const by = 'endpoint' in body ? { endpoint: body.endpoint } : { id: body.subscriptionId };
      const removed = await repo.deleteOwn(deps.db, actor.userId, by);
      if (removed === 0) throw notFound('找不到此裝置的推送訂閱');
      return { removed };
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
