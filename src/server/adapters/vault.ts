import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest for personal data (identity numbers, payout accounts): AES-256-GCM with a key
 * derived per purpose and version from APP_SECRET (HKDF-SHA256), so one leaked derived key exposes one use.
 * Every ciphertext carries its key id (`identity-v1`); rotating means adding a version, reading still
 * works with the older ones.
 */
export type VaultPurpose = 'identity' | 'payout';

/** The version new values are written with, per purpose; older versions stay readable. */
const CURRENT_VERSION: Record<VaultPurpose, number> = { identity: 1, payout: 1 };

export interface Vault {
  seal(purpose: VaultPurpose, plaintext: string): { keyId: string; cipher: string };
  open(keyId: string, cipher: string): string;
  /** A keyed hash for uniqueness checks that never stores the value (HMAC-SHA256, its own derived key). */
  hash(purpose: VaultPurpose, value: string): string;
}

export function createVault(appSecret: string): Vault {
  const cache = new Map<string, Buffer>();
  const key = (info: string) => {
    let k = cache.get(info);
    if (!k) {
      k = Buffer.from(hkdfSync('sha256', appSecret, 'trove-vault', info, 32));
      cache.set(info, k);
    }
    return k;
  };
  return {
    seal(purpose, plaintext) {
      const keyId = `${purpose}-v${CURRENT_VERSION[purpose]}`;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key(`encrypt:${keyId}`), iv);
      cipher.setAAD(Buffer.from(keyId));
      const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return { keyId, cipher: [iv, cipher.getAuthTag(), ct].map((b) => b.toString('base64url')).join('.') };
    },
    open(keyId, value) {
      if (!/^(identity|payout)-v\d+$/.test(keyId)) throw new Error(`unknown vault key ${keyId}`);
      const [iv, tag, ct] = value.split('.').map((p) => Buffer.from(p, 'base64url'));
      const decipher = createDecipheriv('aes-256-gcm', key(`encrypt:${keyId}`), iv!);
      decipher.setAAD(Buffer.from(keyId));
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(ct!), decipher.final()]).toString('utf8');
    },
    hash(purpose, value) {
      return createHmac('sha256', key(`hash:${purpose}`)).update(value).digest('hex');
    },
  };
}
