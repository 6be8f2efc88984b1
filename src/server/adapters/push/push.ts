/** A browser's push subscription, as the Push API gives it (`PushSubscription.toJSON()`). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** All a push carries: no personal data beyond the title and the app path it opens (issue 23). */
export interface PushPayload {
  title: string;
  link: string;
}

/**
 * What became of one send: handed over; `gone` (404 or 410: the subscription no longer exists, drop it); or to be
 * tried again, after `retryAfterMs` when the push service said so (429 with Retry-After).
 */
export type PushOutcome =
  { kind: 'sent' } | { kind: 'gone'; status: number } | { kind: 'retry'; error: string; retryAfterMs?: number };

/** Sends Web Push messages; `topic` lets the push service replace an undelivered copy of the same message. */
export interface PushSender {
  readonly publicKey: string;
  send(target: PushTarget, payload: PushPayload, opts: { topic: string }): Promise<PushOutcome>;
}
