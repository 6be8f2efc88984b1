import { createHash, randomBytes, randomInt } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Random Crockford base32 text from the CSPRNG (5 bits a character). */
export function randomBase32(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += CROCKFORD[bytes[i]! & 31];
  return out;
}

/** Readable prefixed ids: `usr_7K3M…` (80 random bits). */
export function newId(prefix: string): string {
  return `${prefix}_${randomBase32(16)}`;
}

const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let poolAt = POOL_SIZE;

/**
 * A request id, `req_` and 16 Crockford characters, like `newId` but drawn from a pooled random
 * buffer: one `randomBytes` call per 256 requests instead of one each (ids, not secrets).
 */
export function newRequestId(): string {
  if (poolAt + 16 > pool.length) {
    pool = randomBytes(POOL_SIZE);
    poolAt = 0;
  }
  let out = 'req_';
  for (let i = 0; i < 16; i++) out += CROCKFORD[pool[poolAt + i]! & 31];
  poolAt += 16;
  return out;
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
