import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Keys } from '../../adapters/keys';
import { conflict } from '../../errors';
import type { DropKind } from '../../../shared/schemas/queue';

/** One drop's queue: the item and its sale start (a rescheduled sale is a new queue). */
export interface QueueDrop {
  kind: DropKind;
  id: string;
  startMs: number;
}

export const queueIdOf = (d: QueueDrop) => `${d.kind}:${d.id}:${d.startMs}`;

interface Claims {
  /** user, kind, item, sale start, expiry (ms) */
  u: string;
  k: DropKind;
  i: string;
  s: number;
  e: number;
}

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/**
 * Admission tokens (docs/decisions/044-waiting-room.md): `<claims>.<HMAC-SHA-256>` under a key derived from
 * APP_SECRET, bound to one user and one drop, valid until the admission window ends. The admission id they stand
 * for is derived from the user and the drop, so every token the queue gives one user for one drop is the same
 * admission, and the order that used it (pay_orders.admission_id) makes it spent.
 */
export function createAdmissions(keys: Keys) {
  const sign = (body: string) => createHmac('sha256', keys.key('admissionToken')).update(body).digest();
  const idOf = (userId: string, d: QueueDrop) =>
    `adm_${keys.hmac('admissionToken', `id|${userId}|${queueIdOf(d)}`).slice(0, 32)}`;

  return {
    idOf,

    /** A token for `userId`'s admission to `drop`, valid until `until` (ms). */
    issue(userId: string, drop: QueueDrop, until: number): string {
      const claims: Claims = { u: userId, k: drop.kind, i: drop.id, s: drop.startMs, e: until };
      const body = b64(JSON.stringify(claims));
      return `${body}.${b64(sign(body))}`;
    },

    /**
     * The admission id of a token `buyerId` sends for `drop` at `now`; a zh-HK 409 for a missing, forged, foreign,
     * expired or other drop's token (409, not 403: a 403 signs the seed's client out, PRODUCT.md §4.1).
     */
    verify(token: string | undefined, buyerId: string, drop: QueueDrop, now: number): string {
      if (!token) throw conflict('這是熱門商品，請先在商品頁排隊：輪到你時才可購買', 'admission_required');
      const [body, mac, extra] = token.split('.');
      const given = mac ? Buffer.from(mac, 'base64url') : Buffer.alloc(0);
      const want = body ? sign(body) : Buffer.alloc(0);
      if (!body || extra !== undefined || given.length !== want.length || !timingSafeEqual(given, want))
        throw conflict('入場憑證無效，請返回商品頁重新排隊', 'admission_invalid');
      const c = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Claims;
      if (c.u !== buyerId) throw conflict('此入場憑證不屬於你的帳戶', 'admission_foreign');
      if (c.k !== drop.kind || c.i !== drop.id || c.s !== drop.startMs)
        throw conflict('此入場憑證不適用於這件商品', 'admission_other_drop');
      if (now >= c.e) throw conflict('入場憑證已過期，請返回商品頁查看排隊狀態', 'admission_expired');
      return idOf(buyerId, drop);
    },

    /** The shuffle score of a join before the start, in [0, 1): uniform, and unknowable without APP_SECRET. */
    shuffle(userId: string, drop: QueueDrop): number {
      // 52 bits: exact in a double, so Redis and memory order alike.
      return parseInt(keys.hmac('queueShuffle', `${queueIdOf(drop)}|${userId}`).slice(0, 13), 16) / 2 ** 52;
    },
  };
}
export type Admissions = ReturnType<typeof createAdmissions>;
