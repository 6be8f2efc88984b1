import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hkYymmdd } from '../../shared/hk-time';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Random Crockford base32 text from the CSPRNG (5 bits a character). */
export function randomBase32(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += CROCKFORD[bytes[i]! & 31];
  return out;
}

const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let poolAt = POOL_SIZE;

/**
 * `prefix` and 16 Crockford characters (80 random bits) drawn from a pooled buffer of the CSPRNG: one
 * `randomBytes` call per 256 ids instead of one each. For ids, not secrets (those use `randomBytes` each).
 */
function pooledId(prefix: string): string {
  if (poolAt + 16 > pool.length) {
    pool = randomBytes(POOL_SIZE);
    poolAt = 0;
  }
  let out = prefix;
  for (let i = 0; i < 16; i++) out += CROCKFORD[pool[poolAt + i]! & 31];
  poolAt += 16;
  return out;
}

/** Readable prefixed ids: `usr_7K3M…` (80 random bits). */
export function newId(prefix: string): string {
  return pooledId(`${prefix}_`);
}

/**
 * The id a request with an Idempotency-Key creates, the same for every attempt of it: `prefix`, `_` and 16 Crockford
 * characters (80 bits) of a SHA-256 of the parts, so concurrent attempts meet on the row's primary key.
 */
export function keyedId(prefix: string, ...parts: string[]): string {
  const digest = createHash('sha256').update(parts.join('\u0000')).digest();
  let out = `${prefix}_`;
  for (let i = 0; i < 16; i++) out += CROCKFORD[digest[i]! & 31];
  return out;
}

/** A request id, `req_` and 16 Crockford characters. */
export function newRequestId(): string {
  return pooledId('req_');
}

/** An opaque bearer secret of 256 bits, URL-safe. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A numeric code of `digits` digits from the CSPRNG. */
export function randomDigits(digits: number): string {
  let out = '';
  for (let i = 0; i < digits; i++) out += String(randomInt(0, 10));
  return out;
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A pay order's number: TR + yymmdd (Hong Kong date) + 4 digits + 4 letters, `TR2611221234ABCD`. */
export function newOrderNo(now: Date): string {
  const letters = randomBase32(4).replace(/[0-9]/g, (d) => 'ABCDEFGHJK'[Number(d)]!);
  return `TR${hkYymmdd(now)}${randomDigits(4)}${letters}`;
}

/** A shipment's number: SH + yymmdd (Hong Kong date) + 8 characters, `SH261122K3M9QX2A`. */
export function newShipmentNo(now: Date): string {
  return `SH${hkYymmdd(now)}${randomBase32(8)}`;
}
