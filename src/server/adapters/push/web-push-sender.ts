import webpush from 'web-push';
import type { PushOutcome, PushPayload, PushSender, PushTarget } from './push';
import type { VapidKeys } from './vapid';

export interface WebPushSenderOptions {
  vapid: VapidKeys;
  /** The VAPID `sub` claim: `mailto:…` or an https URL. */
  subject: string;
  /** One request's limit (ms): past it, the send counts as failed and is retried. */
  timeoutMs: number;
  /** How long the push service keeps an undelivered message (s). */
  ttlSeconds?: number;
  now: () => Date;
}

/** Retry-After in seconds or as an HTTP date, in ms from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/**
 * Web Push through the `web-push` package: it encrypts the payload (aes128gcm) and signs the VAPID header
 * (`generateRequestDetails`); the request itself goes through fetch, with a timeout, to the endpoint's own scheme
 * (web-push's sender always speaks TLS; the subscription rules decide which endpoints are allowed at all).
 */
export function createWebPushSender(opts: WebPushSenderOptions): PushSender {
  const vapidDetails = { subject: opts.subject, publicKey: opts.vapid.publicKey, privateKey: opts.vapid.privateKey };
  return {
    publicKey: opts.vapid.publicKey,
    async send(target: PushTarget, payload: PushPayload, { topic }): Promise<PushOutcome> {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        { vapidDetails, TTL: opts.ttlSeconds ?? 86_400, topic, urgency: 'normal' },
      );
      const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
      let res: Response;
      try {
        res = await fetch(details.endpoint, {
          method: details.method,
          headers,
          body: details.body ? new Uint8Array(details.body) : undefined,
          signal: AbortSignal.timeout(opts.timeoutMs),
        });
        await res.arrayBuffer();
      } catch (err) {
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        return {
          kind: 'retry',
          error: timedOut
            ? `推送服務逾時（${opts.timeoutMs} 毫秒）`
            : `推送服務連線失敗：${err instanceof Error ? err.message : String(err)}`,
        };
      }
      if (res.ok) return { kind: 'sent' };
      if (res.status === 404 || res.status === 410) return { kind: 'gone', status: res.status };
      const wait = res.status === 429 ? retryAfterMs(res.headers.get('retry-after'), opts.now()) : undefined;
      return {
        kind: 'retry',
        error: `推送服務回應 ${res.status}`,
        ...(wait === undefined ? {} : { retryAfterMs: wait }),
      };
    },
  };
}
